import { type Decider, type DomainError, conflict } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { ActualRevision, EventStore, EventToAppend, RecordedEvent } from '../port.js';
import { WrongExpectedRevisionError } from '../port.js';

export interface CommandHandlingResult<Event, State> {
  /** What `decide` produced and was appended; empty when the command changed nothing. */
  readonly events: readonly Event[];
  /** The state after those events. */
  readonly state: State;
  /** The stream's revision afterwards ('no_stream' if it is still empty): an ETag, the next expected revision. */
  readonly nextExpectedRevision: ActualRevision;
  /** Position of the stream's last event afterwards (0n if none): what a read-your-writes query waits for. */
  readonly position: bigint;
}

export interface CommandHandlingOptions<Event> {
  /** How many times a conflicting append is retried, each after re-reading the stream. Default 3. */
  readonly maxRetries?: number;
  /** Turns a stored event into a domain event (where old shapes are upcast). Default: its `{ type, data }`. */
  readonly toDomainEvent?: (event: RecordedEvent) => Event;
  /**
   * The stream is most likely new (a create under a fresh id): the first attempt decides on the
   * initial state and appends at 'no_stream' without reading. If the stream exists after all,
   * that append fails like any conflict and the command runs again on what was read; a decision
   * on the initial state that appends nothing (a refusal, a no-op) is made again on what was
   * read. So the outcome is always the one a read first would have given.
   */
  readonly expectNoStream?: boolean;
}

const NEW_STREAM = { nextExpectedRevision: 'no_stream', position: 0n } as const;

/**
 * Runs one command against one stream: read, fold, decide, append with the revision read
 * ('no_stream' for an empty stream). A concurrent writer makes the append fail with
 * WrongExpectedRevisionError; then the whole cycle runs again on fresh state, at most
 * `maxRetries` times, after which the command fails with a `concurrency_conflict` (a 409).
 * Domain errors come back as values; the store's own failures (unavailable) are thrown.
 */
export const handleCommand = async <Command, Event, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State, DomainError>,
  command: Command,
  toEventToAppend: (event: Event) => EventToAppend,
  options: CommandHandlingOptions<Event> = {},
): Promise<E.Either<DomainError, CommandHandlingResult<Event, State>>> => {
  const maxRetries = options.maxRetries ?? 3;
  const toDomainEvent =
    options.toDomainEvent ?? ((event: RecordedEvent) => ({ type: event.type, data: event.data }) as Event);
  let assumeNew = options.expectNoStream === true;
  for (let attempt = 1; ; attempt++) {
    const current = assumeNew
      ? { state: decider.initialState(), ...NEW_STREAM }
      : await readCurrentState(store, streamName, decider, toDomainEvent);
    const decision = decider.decide(command, current.state);
    // Only an append at no_stream checks the assumption: a refusal or nothing to append is
    // decided again on what the stream holds.
    if (assumeNew && (E.isLeft(decision) || decision.right.length === 0)) {
      assumeNew = false;
      attempt--;
      continue;
    }
    assumeNew = false;
    if (E.isLeft(decision)) return decision;
    const events = decision.right;
    if (events.length === 0) return E.right({ events, ...current });
    try {
      const appended = await store.appendToStream(streamName, events.map(toEventToAppend), {
        expectedRevision: current.nextExpectedRevision,
      });
      const state = events.reduce((folded, event) => decider.evolve(folded, event), current.state);
      return E.right({
        events,
        state,
        nextExpectedRevision: appended.nextExpectedRevision,
        position: appended.position,
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt > maxRetries) {
        return E.left(
          conflict(
            'concurrency_conflict',
            `${streamName} was changed concurrently; gave up after ${attempt} attempts`,
            {
              streamName,
              attempts: attempt,
            },
          ),
        );
      }
    }
  }
};

const readCurrentState = async <Event, State>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State, unknown>, 'evolve' | 'initialState'>,
  toDomainEvent: (event: RecordedEvent) => Event,
) => {
  let state = decider.initialState();
  let nextExpectedRevision: ActualRevision = 'no_stream';
  let position = 0n;
  for await (const event of store.readStream(streamName)) {
    state = decider.evolve(state, toDomainEvent(event));
    nextExpectedRevision = event.revision;
    position = event.position;
  }
  return { state, nextExpectedRevision, position };
};
