import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../port.js';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../port.js';
import { catchUpSubscription } from '../subscriptions/live-subscription.js';
import { type AppendRequest, BatchWriter } from './batch-writer.js';
import { type DatabaseOptions, openEventDatabase } from './database.js';
import { type EventRow, MAX_INT64, type Statements, prepareStatements, toRecordedEvent } from './event-rows.js';
import { GroupCommit, type Outcome } from './group-commit.js';
import { toStoreError } from './store-errors.js';
import { WalSync } from './wal-sync.js';

export interface SqliteEventStoreOptions extends DatabaseOptions {
  /**
   * How often a caught-up subscription re-reads without a wake-up. Appends through this store
   * wake its subscriptions at once; the poll is how appends by other processes (an admin CLI
   * on the same file) are seen. Default 100 ms.
   */
  readonly pollIntervalMs?: number;
}

/** Rows per read: reads never hold a statement open across a `yield`. */
const PAGE_SIZE = 1000;
const PAGE_BYTES = 8 * 1024 * 1024;

/**
 * The embedded event store: one SQLite file (`<dataDir>/events.db`) in WAL mode. Appends are
 * group-committed (see GroupCommit and BatchWriter) and acknowledged only once committed.
 * Everything is synchronous underneath (better-sqlite3), so one store per process is enough;
 * several processes may share the file, SQLite serializes their writes.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly statements: Statements;
  private readonly commits: GroupCommit<AppendRequest, AppendResult>;
  private readonly committed = new EventEmitter().setMaxListeners(0);
  private readonly pollIntervalMs: number;
  /** Under FULL: fsyncs the WAL off the event loop before appends are acknowledged. */
  private readonly walSync: WalSync | null;
  /** First positions of this connection's commits not yet on disk, oldest first: reads stop short of them. */
  private readonly unsynced: bigint[] = [];
  private closed = false;

  constructor(options: SqliteEventStoreOptions) {
    const full = options.synchronous !== 'normal';
    try {
      this.db = openEventDatabase(options);
      this.walSync = full ? new WalSync(`${this.db.name}-wal`) : null;
    } catch (error) {
      throw toStoreError(error);
    }
    this.statements = prepareStatements(this.db);
    const writer = new BatchWriter(this.db, this.statements);
    this.commits = new GroupCommit(
      (batch) =>
        this.storageCall(() => writer.write(batch)).map((o) =>
          o.ok ? o : { ok: false, error: toStoreError(o.error) },
        ),
      () => this.committed.emit('committed'),
      this.walSync ? (batch, outcomes) => this.madeDurable(batch, outcomes) : undefined,
    );
    this.pollIntervalMs = options.pollIntervalMs ?? 100;
  }

  /**
   * A batch committed without an fsync (see database.ts) is hidden from this store's reads and
   * head until the WAL is on disk, so nothing read here, and nothing a projection or subscription
   * acts on, can be lost by a power cut that spares what was acknowledged. Positions are handed
   * out in commit order and fsyncs complete in that order, so the oldest batch is first to go.
   */
  private async madeDurable(batch: readonly AppendRequest[], outcomes: readonly Outcome<AppendResult>[]) {
    let first: bigint | null = null;
    outcomes.forEach((outcome, index) => {
      const count = batch[index]?.events.length ?? 0;
      if (!outcome.ok || count === 0) return;
      const start = outcome.result.position - BigInt(count) + 1n;
      if (first === null || start < first) first = start;
    });
    if (first === null) return;
    this.unsynced.push(first);
    try {
      await this.walSync!.sync();
    } catch (error) {
      throw new EventStoreUnavailableError('The event store could not make an append durable (fsync failed)', {
        cause: error,
      });
    } finally {
      this.unsynced.splice(this.unsynced.indexOf(first), 1);
    }
  }

  /** The last position reads see. */
  private get visibleUpTo(): bigint {
    return this.unsynced.length === 0 ? MAX_INT64 : this.unsynced.reduce((a, b) => (b < a ? b : a)) - 1n;
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    const rows = events.map((event) => ({
      type: event.type,
      data: JSON.stringify(event.data ?? null),
      metadata: JSON.stringify(event.metadata ?? null),
    }));
    try {
      return await this.commits.submit({
        streamName,
        expectedRevision: options.expectedRevision ?? 'any',
        events: rows,
      });
    } catch (error) {
      // The revision it lost to may still be on its way to disk, hidden from reads: a caller that
      // re-reads at once (handleCommand) must see it, or it would conflict again.
      if (error instanceof WrongExpectedRevisionError && this.unsynced.length > 0) await this.commits.settled();
      throw error;
    }
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    const backwards = options.direction === 'backwards';
    const statement = backwards ? this.statements.streamBackwards : this.statements.streamForwards;
    let from = options.fromRevision ?? (backwards ? MAX_INT64 : 0n);
    if (backwards ? from < 0n : from > MAX_INT64) return;
    from = from < 0n ? 0n : from > MAX_INT64 ? MAX_INT64 : from;
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    while (remaining > 0) {
      const limit = Math.min(PAGE_SIZE, remaining);
      const { rows, more } = this.readRows(limit, () => statement.iterate(streamName, from, this.visibleUpTo, limit));
      for (const row of rows) yield toRecordedEvent(row);
      const last = rows.at(-1);
      if (!last || !more) return;
      from = backwards ? last.stream_revision - 1n : last.stream_revision + 1n;
      remaining -= rows.length;
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    let after = options.after ?? 0n;
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    while (remaining > 0) {
      const { rows, more } = this.rowsAfter(after, Math.min(PAGE_SIZE, remaining));
      for (const row of rows) yield toRecordedEvent(row);
      const last = rows.at(-1);
      if (!last || !more) return;
      after = last.position;
      remaining -= rows.length;
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): Subscription {
    this.assertOpen();
    return catchUpSubscription(
      {
        readPage: async (after, maxCount) => this.rowsAfter(after, maxCount).rows.map(toRecordedEvent),
        onAppended: (listener) => {
          this.committed.on('committed', listener);
          return () => this.committed.off('committed', listener);
        },
      },
      { ...options, pageSize: PAGE_SIZE, pollIntervalMs: this.pollIntervalMs },
    );
  }

  async headPosition(): Promise<bigint> {
    const head = this.storageCall(() => this.statements.head.get()) ?? 0n;
    const visible = this.visibleUpTo;
    return head > visible ? visible : head;
  }

  /**
   * Empties the stream's rows (see ERASED_TYPE) with secure_delete on, so the old bytes are
   * zeroed in their page, then checkpoints the WAL into the file and truncates it: no copy of
   * the events is left in events.db or events.db-wal. A reader in another process can hold the
   * truncation off; the old WAL frames are then overwritten as the WAL is reused.
   */
  async eraseStream(streamName: string): Promise<void> {
    this.storageCall(() => {
      this.db.pragma('secure_delete = ON');
      try {
        this.statements.erase.run(streamName);
      } finally {
        this.db.pragma('secure_delete = OFF');
      }
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Appends already submitted were promised a commit: write them, and make them durable, before closing.
    this.commits.flush();
    this.closed = true;
    await this.commits.settled();
    this.walSync?.close();
    this.db.close();
    // Wakes waiting subscriptions: their next read fails, so they end with EventStoreUnavailableError.
    this.committed.emit('committed');
  }

  private rowsAfter(after: bigint, maxCount: number): { rows: EventRow[]; more: boolean } {
    if (after > MAX_INT64) return this.storageCall(() => ({ rows: [], more: false }));
    const from = after < 0n ? 0n : after;
    return this.readRows(maxCount, () => this.statements.allAfter.iterate(from, this.visibleUpTo, maxCount));
  }

  /**
   * At most `limit` rows and about PAGE_BYTES of JSON, so that a page of large events stays
   * small in memory. `more` says whether a further page may hold more.
   */
  private readRows(limit: number, query: () => IterableIterator<EventRow>): { rows: EventRow[]; more: boolean } {
    return this.storageCall(() => {
      const rows: EventRow[] = [];
      let bytes = 0;
      // Leaving the loop early finalizes the statement: nothing stays open across a `yield`.
      for (const row of query()) {
        rows.push(row);
        bytes += row.data.length + row.metadata.length;
        if (bytes >= PAGE_BYTES) return { rows, more: true };
      }
      return { rows, more: rows.length === limit };
    });
  }

  /** Runs a synchronous database call, failing as unavailable on a closed store or a storage fault. */
  private storageCall<T>(call: () => T): T {
    this.assertOpen();
    try {
      return call();
    } catch (error) {
      throw toStoreError(error);
    }
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
  }
}
