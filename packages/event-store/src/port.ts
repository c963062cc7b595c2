import type { EventMetadata } from '@paykit/kernel';

/**
 * The event store port. Streams are named `<category>-<id>`; revisions start at 0 and are
 * bigints (EventStoreDB revisions are unsigned 64-bit). Every event also has a global
 * position in `$all`: strictly increasing, not necessarily contiguous.
 */
export type ExpectedRevision = 'no_stream' | 'exists' | 'any' | bigint;

/**
 * Data and metadata are stored as JSON in every adapter: a read returns what
 * `JSON.parse(JSON.stringify(value))` gives (fresh objects each time), and a value JSON cannot
 * hold (a bigint) makes the append fail before anything is written.
 */
export interface EventToAppend {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface RecordedEvent {
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export interface AppendResult {
  /**
   * Revision of the last event written: pass it as the next expected revision. An empty append
   * reports the stream's current revision (-1n when the stream does not exist).
   */
  readonly nextExpectedRevision: bigint;
  /**
   * Global position of the last event written: queries can wait for projections to reach it.
   * An empty append reports the head of `$all`.
   */
  readonly position: bigint;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Defaults to the very start. */
  readonly after?: bigint;
  readonly maxCount?: number;
}

export interface SubscriptionFilter {
  /** Only events whose stream name starts with one of these. */
  readonly streamNamePrefixes?: readonly string[];
  /** Only events whose type starts with one of these. */
  readonly eventTypePrefixes?: readonly string[];
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint: the subscription delivers events strictly after it. */
  readonly after?: bigint;
  readonly filter?: SubscriptionFilter;
}

/** A catch-up subscription: reads history from the checkpoint, then turns live. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** Yields nothing for a stream that does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent>;
  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent>;
  subscribeToAll(options?: SubscribeToAllOptions): Subscription;
  /** Position of the last event in `$all`, 0n when empty. */
  headPosition(): Promise<bigint>;
  /**
   * Erases a stream for good, for what must not outlive a deletion (a data key: ADR 0509). At
   * once, reading the stream yields nothing. SQLite and memory drop the events' data and leave
   * them out of `$all` reads, subscriptions and the head position too (SQLite also scrubs them
   * from its file and WAL); EventStoreDB deletes the stream, and its events stay in `$all`
   * until the next scavenge. Erasing a missing or erased stream does nothing. The name is spent:
   * what a later append to it does is the adapter's own.
   */
  eraseStream(streamName: string): Promise<void>;
  /**
   * Idempotent. Afterwards every operation fails with EventStoreUnavailableError, and open
   * subscriptions end with it, so a consumer can tell a shutdown from the end of a stream.
   */
  close(): Promise<void>;
}

export type ActualRevision = 'no_stream' | bigint;

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: ActualRevision,
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** The store cannot be reached (a lost connection, a closed store): retryable, a 503 over HTTP. */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

/** Whether a stream at `actual` satisfies `expected`. Shared by adapters that check it themselves. */
export const revisionMatches = (expected: ExpectedRevision, actual: ActualRevision): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
};
