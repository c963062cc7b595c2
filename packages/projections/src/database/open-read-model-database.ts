import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** An open better-sqlite3 connection holding read models and their checkpoints. */
export type ReadModelDatabase = BetterSqlite3.Database;

export const READ_MODEL_DATABASE_FILE = 'read-models.db';

/** WAL pages between automatic checkpoints (SQLite's default is 1,000), as the event store. */
const CHECKPOINT_PAGES = 10_000;

/** Where the embedded setup keeps its read models: next to the event store, under DATA_DIR. */
export const readModelDatabasePath = (dataDir: string): string => join(dataDir, READ_MODEL_DATABASE_FILE);

/**
 * Opens (creating if needed) the read-model database: a file, or `':memory:'` when the event
 * store is in memory too. Read models are derived data whose checkpoint commits with them, so
 * `synchronous = NORMAL` is enough: a power cut can only lose the last batches, which are then
 * replayed from the older checkpoint, never half-applied.
 */
export const openReadModelDatabase = (location: string): ReadModelDatabase => {
  if (location !== ':memory:') mkdirSync(dirname(location), { recursive: true });
  const db = new BetterSqlite3(location);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // A checkpoint fsyncs twice on the event loop: every 40 MB of WAL rather than every 4 MB.
  db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  // Another process (the admin CLI, a second API instance) may hold the write lock briefly.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
};
