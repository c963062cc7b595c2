import {
  type Clock,
  type CommandContext,
  type Decider,
  type DomainError,
  type DomainEvent,
  type IdGenerator,
  envelope,
  fold,
  getOrThrow,
} from '@paykit/kernel';
import { type EventStore, type ExpectedRevision, handleCommand } from '@paykit/event-store';

export interface CommandHandlingDeps {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * Runs a command through @paykit/event-store's handleCommand (load, fold, decide, append at the
 * revision read, retry on conflict), stamping each event with the caller's context. Domain
 * refusals are thrown as DomainException, for the API's exception layer and the CLI alike.
 */
export const runCommand = async <Command, Event extends DomainEvent, State>(
  deps: CommandHandlingDeps,
  decider: Decider<Command, Event, State, DomainError>,
  streamName: string,
  command: Command,
  context: CommandContext,
  options: { readonly maxRetries?: number } = {},
): Promise<{ readonly state: State; readonly events: readonly Event[] }> => {
  const occurredAt = deps.clock.now();
  const result = await handleCommand(
    deps.store,
    streamName,
    decider,
    command,
    (event) => envelope(event, context, { eventId: deps.ids.uuid(), occurredAt }),
    options,
  );
  return getOrThrow(result);
};

/** Reads a stream and folds it: the current state and the revision it was read at. */
export const loadAggregate = async <Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State, DomainError>,
  streamName: string,
): Promise<{ state: State; revision: ExpectedRevision }> => {
  const events: Event[] = [];
  let revision: ExpectedRevision = 'no_stream';
  for await (const recorded of store.readStream(streamName)) {
    events.push({ type: recorded.type, data: recorded.data } as Event);
    revision = recorded.revision;
  }
  return { state: fold(decider, events), revision };
};
