import { Inject, Injectable } from '@nestjs/common';
import { type EventStore, type RecordedEvent, handleCommand } from '@paykit/event-store';
import {
  type Clock,
  type CommandContext,
  type DomainError,
  type DomainEvent,
  DomainException,
  type IdGenerator,
  notFound,
} from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { eventsToAppend } from '../events-to-append.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../tokens.js';
import type { AggregateType } from './aggregate-type.js';
import { type KeyedStep, checkKeyedStream, handleKeyedCommand } from './keyed-commands.js';

/** The command context of a project's request or of the service acting for a project: its events name both. */
export type ProjectContext = CommandContext & { readonly projectId: string };

/** An aggregate as stored: its state, and the project its first event names. */
export interface Loaded<State> {
  readonly state: State;
  readonly projectId: string;
  /** The global position of the stream's last event. */
  readonly position: bigint;
}

/** What a command did: the events appended (none when it changed nothing) and the state after them. */
export interface Executed<Event, State> {
  readonly events: readonly Event[];
  readonly state: State;
  /** Where the stream's last event is in `$all`: what a read that follows waits for (read your writes). */
  readonly position: bigint;
}

export interface ExecuteOptions {
  /** One step of a keyed request (ADR 0305): its events carry the key's stamp. */
  readonly keyed?: KeyedStep;
  /**
   * A create under an id that is most likely new: decide on the initial state and append at
   * no_stream without reading the stream first; an existing stream is then read and decided on
   * as usual (ADR 0023). Not for keyed steps.
   */
  readonly expectNew?: boolean;
  /** Conflicting appends retried before a 409 (handleCommand's default: 3); more where many writers meet on one stream. */
  readonly maxRetries?: number;
}

/**
 * The one way to run a decider against the event store, in the spirit of Emmett's
 * CommandHandler: read the stream, fold, decide, append with the revision read, re-read and
 * decide again on a conflict (then 409), events stamped with the command's context. Every
 * command handler writes through it; nothing else calls handleCommand.
 */
@Injectable()
export class Aggregates {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The aggregate folded from its stream; null when it has no events. */
  async load<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    id: Id,
  ): Promise<Loaded<State> | null> {
    let state = type.decider.initialState();
    let projectId: string | null = null;
    let position = 0n;
    for await (const recorded of this.store.readStream(type.streamName(id))) {
      projectId ??= recorded.metadata.projectId;
      state = type.decider.evolve(state, this.domainEvent(type, recorded));
      position = recorded.position;
    }
    return projectId === null ? null : { state, projectId, position };
  }

  /** The project's aggregate, or the 404 that another project's and a missing one share. */
  async loadOwned<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    projectId: string,
    id: Id,
    notFoundError: DomainError = notFound(),
  ): Promise<Loaded<State>> {
    const loaded = await this.load(type, id);
    if (!loaded || loaded.projectId !== projectId) throw new DomainException(notFoundError);
    return loaded;
  }

  /** Runs `command`; a refusal is thrown as the domain error it is (the one exception layer maps it). */
  async execute<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    id: Id,
    command: Command,
    context: CommandContext,
    options: ExecuteOptions = {},
  ): Promise<Executed<Event, State>> {
    const result = await this.tryExecute(type, id, command, context, options);
    if (E.isLeft(result)) throw new DomainException(result.left);
    return result.right;
  }

  /** Like `execute`, with the refusal as a value (for process managers that decide what a refusal means). */
  async tryExecute<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    id: Id,
    command: Command,
    context: CommandContext,
    options: ExecuteOptions = {},
  ): Promise<E.Either<DomainError, Executed<Event, State>>> {
    const stream = type.streamName(id);
    const envelopeOf = eventsToAppend(context, this.clock, this.ids);
    const toAppend = (event: Event) => envelopeOf(type.toStoredEvent ? type.toStoredEvent(event) : event);
    const handling = {
      ...(type.toDomainEvent && { toDomainEvent: type.toDomainEvent }),
      ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
    };
    const result = options.keyed
      ? await handleKeyedCommand(this.store, stream, type.decider, command, toAppend, options.keyed, handling)
      : await handleCommand(this.store, stream, type.decider, command, toAppend, {
          ...handling,
          ...(options.expectNew && { expectNoStream: true }),
        });
    if (E.isLeft(result)) return result;
    const { events, state, position } = result.right;
    return E.right({
      events,
      state,
      position: events.length > 0 || position > 0n ? position : await this.store.headPosition(),
    });
  }

  /** Before a keyed request does any work: throws KeyedRequestCompleted when its key's request completed on this aggregate. */
  checkKey<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    id: Id,
    write: KeyedWrite,
  ): Promise<void> {
    return checkKeyedStream(this.store, type.streamName(id), type.decider, write, type.toDomainEvent);
  }

  /** The clock commands take their time from. */
  now(): Date {
    return this.clock.now();
  }

  private domainEvent<Command, Event extends DomainEvent, State, Id>(
    type: AggregateType<Command, Event, State, Id>,
    recorded: RecordedEvent,
  ): Event {
    return type.toDomainEvent ? type.toDomainEvent(recorded) : ({ type: recorded.type, data: recorded.data } as Event);
  }
}
