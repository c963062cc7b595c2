import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export const EVENTS_FILE_NAME = 'events.db';
const SCHEMA_VERSION = 1n;
/**
 * WAL pages between checkpoints. Each checkpoint costs two fsyncs, on the event loop (inside the
 * commit that reaches the limit), so they are spread over many commits (a WAL of up to ~40 MB).
 * Commits themselves never fsync on the event loop: under FULL the store fsyncs the WAL on the
 * thread pool (WalSync), whose cost does not grow with the WAL's size.
 */
const CHECKPOINT_PAGES = 10_000;
const CACHE_KIB = 64 * 1024;

export interface DatabaseOptions {
  readonly dataDir: string;
  /** FULL (the default): appends are acknowledged once on disk; NORMAL survives a process crash but not a power loss. */
  readonly synchronous?: 'full' | 'normal';
  /** How long a write waits for another process's write lock before failing as unavailable. */
  readonly busyTimeoutMs?: number;
}

/**
 * `position` is the INTEGER PRIMARY KEY (the rowid), so `$all` is the table in key order.
 * Events are never deleted and SQLite gives each new row max(rowid) + 1 under the write lock,
 * so positions follow commit order with no gaps. The unique index is both the optimistic
 * concurrency guard and how "current revision of a stream" is one index seek (see
 * `lastRevision` in event-rows.ts); a separate `streams` table would add a third b-tree write
 * to every append for the same lookup.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position        INTEGER PRIMARY KEY,
    stream_name     TEXT    NOT NULL,
    stream_revision INTEGER NOT NULL,
    type            TEXT    NOT NULL,
    data            TEXT    NOT NULL,
    metadata        TEXT    NOT NULL
  ) STRICT;
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_name, stream_revision);
`;

/** Opens (creating if needed) `<dataDir>/events.db` in WAL mode with 64-bit integers as bigints. */
export const openEventDatabase = (options: DatabaseOptions): Database.Database => {
  mkdirSync(options.dataDir, { recursive: true });
  const db = new Database(join(options.dataDir, EVENTS_FILE_NAME));
  try {
    db.defaultSafeIntegers(true);
    // First, so that everything below waits for a concurrent opener instead of failing.
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new Error(`SQLite refused WAL mode (got ${String(mode)}) for ${options.dataDir}`);
    // FULL durability is the store's own doing (ADR 0024): the connection commits without an
    // fsync and SqliteEventStore fsyncs the WAL off the event loop before acknowledging.
    db.pragma('synchronous = NORMAL');
    db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    // Keeps the stream index and recent pages in memory (the default is 2 MiB): without it,
    // appends and reads keep re-reading pages from the WAL. Allocated only as pages are used.
    db.pragma(`cache_size = -${CACHE_KIB}`);
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
};

const migrate = (db: Database.Database): void => {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as bigint;
    if (version > SCHEMA_VERSION) {
      throw new Error(`events.db has schema version ${version}, newer than this code understands (${SCHEMA_VERSION})`);
    }
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }).immediate();
};
