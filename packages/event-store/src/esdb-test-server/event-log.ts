import { EventEmitter } from 'node:events';

/** One event as the test server keeps it: the bytes the client sent, and where it landed. */
export interface LogRecord {
  readonly streamName: string;
  readonly revision: bigint;
  /** Byte offset in the log, like EventStoreDB's transaction file: commit and prepare alike. */
  readonly position: bigint;
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as the server reports `created`. */
  readonly created: bigint;
}

export interface ProposedRecord {
  readonly id: string;
  readonly type: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly customMetadata: Uint8Array;
}

export type ExpectedState =
  | { readonly kind: 'any' }
  | { readonly kind: 'no_stream' }
  | { readonly kind: 'exists' }
  | { readonly kind: 'revision'; readonly revision: bigint };

export type AppendOutcome =
  | { readonly ok: true; readonly currentRevision: bigint | null; readonly position: bigint | null }
  | { readonly ok: false; readonly currentRevision: bigint | null };

/** A record header's share of the log, so positions are sparse byte offsets like a real server's. */
const RECORD_OVERHEAD = 96n;

/**
 * The test server's store: one append-only log with per-stream indexes, in memory. Positions
 * grow by each record's size (not by one), the log starts with system events, and an append is
 * atomic and checked against its expected state, as on EventStoreDB.
 */
export class EventLog {
  private readonly records: LogRecord[] = [];
  private readonly streams = new Map<string, LogRecord[]>();
  /** Soft-deleted streams: how many of their first records reads no longer see. */
  private readonly deletedBefore = new Map<string, number>();
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private end = 0n;

  constructor() {
    // A fresh EventStoreDB database already holds system events: they must never reach our port.
    const empty = new Uint8Array();
    const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
    this.append('$$$scavenges', { kind: 'any' }, [
      {
        id: '00000000-0000-4000-8000-000000000001',
        type: '$metadata',
        contentType: 'application/json',
        data: json({ $maxAge: 2592000 }),
        customMetadata: empty,
      },
    ]);
    this.append('$settings', { kind: 'any' }, [
      {
        id: '00000000-0000-4000-8000-000000000002',
        type: '$update-default-acl',
        contentType: 'application/json',
        data: json({}),
        customMetadata: empty,
      },
    ]);
  }

  /** The position just past the last record: where the next one will land. */
  get endPosition(): bigint {
    return this.end;
  }

  get lastPosition(): bigint | null {
    return this.records.at(-1)?.position ?? null;
  }

  append(streamName: string, expected: ExpectedState, proposed: readonly ProposedRecord[]): AppendOutcome {
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? null : BigInt(stream.length - 1);
    if (!matches(expected, current)) {
      const replay = this.idempotentReplay(stream, expected, proposed);
      return replay ?? { ok: false, currentRevision: current };
    }
    if (proposed.length === 0) return { ok: true, currentRevision: current, position: null };
    const created = BigInt(Date.now()) * 10_000n;
    for (const event of proposed) {
      const record: LogRecord = { ...event, streamName, revision: BigInt(stream.length), position: this.end, created };
      stream.push(record);
      this.records.push(record);
      this.end += RECORD_OVERHEAD + BigInt(event.data.length + event.customMetadata.length + streamName.length);
    }
    this.streams.set(streamName, stream);
    this.appended.emit('appended');
    return { ok: true, currentRevision: BigInt(stream.length - 1), position: this.records.at(-1)!.position };
  }

  /** The records a read of the stream sees; undefined when it has none (never written, or deleted since). */
  readStream(streamName: string): readonly LogRecord[] | undefined {
    const stream = this.streams.get(streamName);
    const hidden = this.deletedBefore.get(streamName);
    if (!stream || hidden === undefined) return stream;
    return hidden < stream.length ? stream.slice(hidden) : undefined;
  }

  /**
   * Streams.Delete, a soft delete: reads see none of the stream's records so far, a later append
   * goes on from its last revision, and `$all` keeps them (a real server drops them at a scavenge).
   */
  deleteStream(streamName: string): void {
    const stream = this.streams.get(streamName);
    if (stream) this.deletedBefore.set(streamName, stream.length);
  }

  /** Whether `position` is where a record starts, or the end of the log: a valid place to read from. */
  isBoundary(position: bigint): boolean {
    return position === this.end || this.records[this.indexAtOrAfter(position)]?.position === position;
  }

  /** Index of the first record at or after `position` (records.length when none). */
  indexAtOrAfter(position: bigint): number {
    let low = 0;
    let high = this.records.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.records[middle]!.position < position) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  at(index: number): LogRecord | undefined {
    return this.records[index];
  }

  get size(): number {
    return this.records.length;
  }

  /** Registers a wake-up called after every append; returns the unregister function. */
  onAppended(listener: () => void): () => void {
    this.appended.on('appended', listener);
    return () => this.appended.off('appended', listener);
  }

  /**
   * EventStoreDB answers a repeated write (same event ids at the same expected revision) with
   * success instead of a conflict, so a client retrying after a lost acknowledgement does not fail.
   */
  private idempotentReplay(
    stream: readonly LogRecord[],
    expected: ExpectedState,
    proposed: readonly ProposedRecord[],
  ): AppendOutcome | null {
    if (proposed.length === 0) return null;
    const first = expected.kind === 'no_stream' ? 0 : expected.kind === 'revision' ? Number(expected.revision) + 1 : -1;
    if (first < 0) return null;
    const written = stream.slice(first, first + proposed.length);
    if (written.length !== proposed.length || written.some((record, i) => record.id !== proposed[i]!.id)) return null;
    return { ok: true, currentRevision: written.at(-1)!.revision, position: written.at(-1)!.position };
  }
}

const matches = (expected: ExpectedState, current: bigint | null): boolean => {
  switch (expected.kind) {
    case 'any':
      return true;
    case 'no_stream':
      return current === null;
    case 'exists':
      return current !== null;
    case 'revision':
      return current === expected.revision;
  }
};
