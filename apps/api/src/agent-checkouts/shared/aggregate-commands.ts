import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, handleCommand } from '@paykit/event-store';
import {
  type Clock,
  type CommandContext,
  type Decider,
  type DomainError,
  type IdGenerator,
  envelope,
  fold,
  getOrThrow,
} from '@paykit/kernel';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../../infrastructure/tokens.js';

export interface CommandResult<Event, State> {
  readonly events: readonly Event[];
  readonly state: State;
  /** Where the last event landed in `$all` (the head when nothing changed): what a follow-up list waits for. */
  readonly position: bigint;
}

/**
 * The module's access to its aggregates: load and fold a stream, or run a command through its
 * decider (read, decide, append at the revision read, retry on conflict). Refusals are thrown
 * as DomainException for the one exception layer; an unreachable store as its own error (503).
 */
@Injectable()
export class AggregateCommands {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async load<Command, Event, State>(
    decider: Decider<Command, Event, State, DomainError>,
    streamName: string,
  ): Promise<State> {
    const events: Event[] = [];
    for await (const recorded of this.store.readStream(streamName))
      events.push({ type: recorded.type, data: recorded.data } as Event);
    return fold(decider, events);
  }

  async execute<Command, Event extends { type: string; data: unknown }, State>(
    decider: Decider<Command, Event, State, DomainError>,
    streamName: string,
    command: Command,
    context: CommandContext,
  ): Promise<CommandResult<Event, State>> {
    const result = await handleCommand(this.store, streamName, decider, command, (event) =>
      envelope(event, context, { eventId: this.ids.uuid(), occurredAt: this.clock.now() }),
    );
    const { events, state, position } = getOrThrow(result);
    return { events, state, position: events.length > 0 ? position : await this.store.headPosition() };
  }
}
