import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openReadModelDatabase, type ReadModelDatabase } from '../database/open-read-model-database.js';

/**
 * Where a projection is rebuilt side by side: its own database file next to the read-model
 * database (`read-models.db.rebuilds/<name>.db`). Its tables carry their usual names, so the
 * projection's code runs unchanged against it; only the swap copies them into the main file.
 */
export const shadowDatabasePath = (main: ReadModelDatabase, projectionName: string): string => {
  if (main.memory) throw new Error('A read-model database in memory is rebuilt in place, not side by side');
  return join(`${main.name}.rebuilds`, `${projectionName.replace(/[^\w.-]/g, '_')}.db`);
};

/** Shadow page cache: the whole read model of a large rebuild, allocated only as pages are used. */
const SHADOW_CACHE_KIB = 256 * 1024;

/**
 * Opens the shadow database for bulk writes: no fsync (it is disposable until swapped in; a
 * crashed process still leaves it consistent, only a power cut could tear it, and then the
 * next from-zero rebuild replaces it), a large page cache, and an exclusive lock (only this
 * connection ever opens it: no shared-memory WAL index, no lock taken per transaction). The
 * journal stays WAL: `journal_mode = OFF` or `MEMORY` measured no faster here (the cost is
 * the read model's B-tree work, not the journal) and would let a killed process leave a torn
 * file that the next start resumes from.
 */
export const openShadowDatabase = (path: string, options: { fresh: boolean }): ReadModelDatabase => {
  if (options.fresh) removeShadowDatabase(path);
  const db = openReadModelDatabase(path);
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('synchronous = OFF');
  db.pragma(`cache_size = -${SHADOW_CACHE_KIB}`);
  return db;
};

export const removeShadowDatabase = (path: string): void => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
};
