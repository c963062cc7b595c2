import type { RecordedEvent } from '@paykit/event-store';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';

/**
 * A read model kept in SQLite tables, built by a pure fold over `$all`: `apply` may only
 * read and write this projection's own tables from the event it is given, never consult the
 * clock, randomness or any other I/O, so replaying the same events always builds the same
 * tables. The runner calls every method inside a transaction that also moves the checkpoint.
 */
export interface Projection {
  /** Unique per read-model database: the checkpoint's key. */
  readonly name: string;
  /** Any change (schema or logic) must bump it: a different stored version rebuilds from 0. */
  readonly version: number;
  /**
   * A digest of the projection's code (defineProjection hashes its schema, tables, statements
   * and apply): a stored read model built by other code is rebuilt even if nobody bumped
   * `version`. Absent: only `version` identifies the code.
   */
  readonly fingerprint?: string;
  /** Creates the tables and indexes if they do not exist (`CREATE ... IF NOT EXISTS`). */
  setup(db: ReadModelDatabase): void;
  /** Drops everything `setup` created. */
  reset(db: ReadModelDatabase): void;
  /** Synchronous SQL writes only; ignore event types the read model does not use. */
  apply(db: ReadModelDatabase, event: RecordedEvent): void;
  /**
   * Optional: applies several events in order, leaving the tables exactly as `apply` of each
   * in turn would (a projection that folds many events into one row writes the row once). The
   * runner calls it with every batch; if it throws, the batch is replayed through `apply` to
   * name the event that fails.
   */
  applyBatch?(db: ReadModelDatabase, events: readonly RecordedEvent[]): void;
}
