import {
  type CommandHandlingOptions,
  type CommandHandlingResult,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
  handleCommand,
} from '@paykit/event-store';
import { type Decider, type DomainError, DomainException, conflict } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';

/** What a keyed request leaves in the metadata of every event it appends (`metadata.idempotency`). */
export interface IdempotencyStamp {
  /** KeyedWrite.digest: whose events these are. */
  readonly key: string;
  /** KeyedWrite.fingerprint: which request made them. */
  readonly request: string;
  /** On the events of the request's last append: the stream's state right after them is its answer. */
  readonly completes?: true;
  /** A refusal the request answered with although it wrote (a card the processor refused). */
  readonly refusal?: DomainError;
}

/** One append of a keyed request: every step is stamped; the last one completes the request. */
export interface KeyedStep {
  readonly write: KeyedWrite;
  readonly completes: boolean;
  readonly refusal?: DomainError;
}

/**
 * The request with this key completed before (possibly in a process that died before it could
 * answer): `state` is the stream folded up to the end of its completing append, the answer it
 * gave or would have given; `refusal` the error it answered with instead, if any.
 */
export class KeyedRequestCompleted<State = unknown> extends Error {
  constructor(
    readonly state: State,
    readonly refusal: DomainError | undefined,
  ) {
    super('The request with this idempotency key already completed');
    this.name = 'KeyedRequestCompleted';
  }
}

const stampOf = (event: RecordedEvent): IdempotencyStamp | undefined =>
  (event.metadata as { readonly idempotency?: IdempotencyStamp } | null)?.idempotency;

const keyReused = (write: KeyedWrite): DomainException =>
  new DomainException(
    conflict('idempotency_key_reused', 'This idempotency key was already used with a different request', {
      idempotencyKey: write.key,
    }),
  );

/** An event with the stamp it was stored with (none on the events a decision has not stored yet). */
interface Stamped<Event> {
  readonly event: Event;
  readonly stamp?: IdempotencyStamp;
}

/** A stream's state, and where the key's request completed on it. */
interface KeyedState<State> {
  readonly state: State;
  readonly completed?: KeyedRequestCompleted<State>;
}

/**
 * The decider of a stream as a keyed request sees it: where the key's request completed is part
 * of its state, and a stream where it did is not decided on: `found` hears of it instead.
 */
const keyedDecider = <Command, Event, State>(
  decider: Decider<Command, Event, State, DomainError>,
  write: KeyedWrite,
  found: (completed: KeyedRequestCompleted<State>) => void,
): Decider<Command, Stamped<Event>, KeyedState<State>, DomainError> => ({
  initialState: () => ({ state: decider.initialState() }),
  evolve: (current, { event, stamp }) => {
    const state = decider.evolve(current.state, event);
    if (stamp?.key !== write.digest || !stamp.completes) return { ...current, state };
    return { state, completed: new KeyedRequestCompleted(state, stamp.refusal) };
  },
  decide: (command, current) => {
    if (!current.completed)
      return E.map((events: readonly Event[]) => events.map((event) => ({ event })))(
        decider.decide(command, current.state),
      );
    found(current.completed);
    // Never an answer: handleKeyedCommand throws what `found` heard.
    return E.left(conflict('idempotency_request_completed', 'the request with this idempotency key completed'));
  },
});

/**
 * handleCommand (read, fold, decide, append at the revision read; re-read and decide again on
 * a conflict) for one step of a keyed request: its events carry the key's stamp, and a stream
 * where the key's request already completed is not decided on again: KeyedRequestCompleted is
 * thrown with that request's answer. So a retry after a crash, and the loser of two concurrent
 * requests with one key, answer what the one execution answered. An event of the key with
 * another request's fingerprint is a 409 `idempotency_key_reused`.
 */
export const handleKeyedCommand = async <Command, Event, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State, DomainError>,
  command: Command,
  toEventToAppend: (event: Event) => EventToAppend,
  step: KeyedStep,
  options: Pick<CommandHandlingOptions<Event>, 'maxRetries' | 'toDomainEvent'> = {},
): Promise<E.Either<DomainError, CommandHandlingResult<Event, State>>> => {
  const { write } = step;
  const stamp: IdempotencyStamp = {
    key: write.digest,
    request: write.fingerprint,
    ...(step.completes && { completes: true }),
    ...(step.refusal && { refusal: step.refusal }),
  };
  let completed: KeyedRequestCompleted<State> | undefined;
  const result = await handleCommand(
    store,
    streamName,
    keyedDecider(decider, write, (found) => (completed = found)),
    command,
    ({ event }) => {
      const toAppend = toEventToAppend(event);
      return { ...toAppend, metadata: { ...toAppend.metadata, idempotency: stamp } as EventToAppend['metadata'] };
    },
    {
      ...(options.maxRetries !== undefined && { maxRetries: options.maxRetries }),
      toDomainEvent: (recorded) => {
        const stored = stampOf(recorded);
        if (stored?.key === write.digest && stored.request !== write.fingerprint) throw keyReused(write);
        const event = options.toDomainEvent
          ? options.toDomainEvent(recorded)
          : ({ type: recorded.type, data: recorded.data } as Event);
        return { event, ...(stored && { stamp: stored }) };
      },
    },
  );
  if (completed) {
    write.markReplayed();
    throw completed;
  }
  return E.map((handled: CommandHandlingResult<Stamped<Event>, KeyedState<State>>) => ({
    ...handled,
    events: handled.events.map(({ event }) => event),
    state: handled.state.state,
  }))(result);
};

/**
 * Before a keyed request does any work: throws KeyedRequestCompleted when the request with its
 * key already completed on this stream, a 409 `idempotency_key_reused` when the key was used
 * for another request. Nothing is written.
 */
export const checkKeyedStream = async <Event, State>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State, DomainError>, 'evolve' | 'initialState'>,
  write: KeyedWrite,
  toDomainEvent?: (event: RecordedEvent) => Event,
): Promise<void> => {
  const decidesNothing: Decider<null, Event, State, DomainError> = { ...decider, decide: () => E.right([]) };
  await handleKeyedCommand(
    store,
    streamName,
    decidesNothing,
    null,
    () => {
      throw new Error('a check appends nothing');
    },
    { write, completes: false },
    toDomainEvent && { toDomainEvent },
  );
};
