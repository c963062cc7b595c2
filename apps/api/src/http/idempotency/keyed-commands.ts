import {
  type ActualRevision,
  type CommandHandlingOptions,
  type CommandHandlingResult,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@paykit/event-store';
import { type Decider, type DomainError, DomainException, conflict } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { KeyedWrite } from './keyed-write.js';

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
    readonly position: bigint,
    readonly refusal: DomainError | undefined,
  ) {
    super('The request with this idempotency key already completed');
    this.name = 'KeyedRequestCompleted';
  }
}

type Folding<Event, State> = Pick<Decider<unknown, Event, State, unknown>, 'evolve' | 'initialState'>;

const stampOf = (event: RecordedEvent): IdempotencyStamp | undefined =>
  (event.metadata as { readonly idempotency?: IdempotencyStamp } | null)?.idempotency;

const plainEvent = <Event>(event: RecordedEvent): Event => ({ type: event.type, data: event.data }) as Event;

export const keyReused = (write: KeyedWrite): DomainException =>
  new DomainException(
    conflict('idempotency_key_reused', 'This idempotency key was already used with a different request', { idempotencyKey: write.key }),
  );

/** A stream folded to its end, with the state where the key's request completed (if it did). */
const readKeyed = async <Event, State>(store: EventStore, streamName: string, decider: Folding<Event, State>, write: KeyedWrite) => {
  let state = decider.initialState();
  let nextExpectedRevision: ActualRevision = 'no_stream';
  let position = 0n;
  let completed: KeyedRequestCompleted<State> | null = null;
  for await (const event of store.readStream(streamName)) {
    state = decider.evolve(state, plainEvent<Event>(event));
    nextExpectedRevision = event.revision;
    position = event.position;
    const stamp = stampOf(event);
    if (stamp?.key !== write.digest) continue;
    if (stamp.request !== write.fingerprint) throw keyReused(write);
    if (stamp.completes) completed = new KeyedRequestCompleted(state, position, stamp.refusal);
  }
  return { state, nextExpectedRevision, position, completed };
};

/**
 * Before a keyed request does any work: throws KeyedRequestCompleted when the request with its
 * key already completed on this stream, a 409 `idempotency_key_reused` when the key was used
 * for another request.
 */
export const checkKeyedStream = async <Event, State>(
  store: EventStore,
  streamName: string,
  decider: Folding<Event, State>,
  write: KeyedWrite,
): Promise<void> => {
  const { completed } = await readKeyed(store, streamName, decider, write);
  if (completed) {
    write.markReplayed();
    throw completed;
  }
};

/**
 * handleCommand (read, fold, decide, append at the revision read; re-read and decide again on
 * a conflict) for one step of a keyed request: its events carry the key's stamp, and a stream
 * where the key's request already completed is not decided on again: KeyedRequestCompleted is
 * thrown with that request's answer. So a retry after a crash, and the loser of two concurrent
 * requests with one key, answer what the one execution answered.
 */
export const handleKeyedCommand = async <Command, Event, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State, DomainError>,
  command: Command,
  toEventToAppend: (event: Event) => EventToAppend,
  step: KeyedStep,
  options: Pick<CommandHandlingOptions<Event>, 'maxRetries'> = {},
): Promise<E.Either<DomainError, CommandHandlingResult<Event, State>>> => {
  const maxRetries = options.maxRetries ?? 3;
  const stamp: IdempotencyStamp = {
    key: step.write.digest,
    request: step.write.fingerprint,
    ...(step.completes && { completes: true }),
    ...(step.refusal && { refusal: step.refusal }),
  };
  const stamped = (event: Event): EventToAppend => {
    const toAppend = toEventToAppend(event);
    return { ...toAppend, metadata: { ...toAppend.metadata, idempotency: stamp } as EventToAppend['metadata'] };
  };
  for (let attempt = 1; ; attempt++) {
    const current = await readKeyed(store, streamName, decider, step.write);
    if (current.completed) {
      step.write.markReplayed();
      throw current.completed;
    }
    const decision = decider.decide(command, current.state);
    if (E.isLeft(decision)) return decision;
    const events = decision.right;
    if (events.length === 0) {
      return E.right({ events, state: current.state, nextExpectedRevision: current.nextExpectedRevision, position: current.position });
    }
    try {
      const appended = await store.appendToStream(streamName, events.map(stamped), { expectedRevision: current.nextExpectedRevision });
      const state = events.reduce((folded, event) => decider.evolve(folded, event), current.state);
      return E.right({ events, state, nextExpectedRevision: appended.nextExpectedRevision, position: appended.position });
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt > maxRetries) {
        return E.left(
          conflict('concurrency_conflict', `${streamName} was changed concurrently; gave up after ${attempt} attempts`, {
            streamName,
            attempts: attempt,
          }),
        );
      }
    }
  }
};
