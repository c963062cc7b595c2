import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { CheckpointTable, StoredCheckpoint } from '../checkpoints/checkpoint-table.js';
import type { Projection } from '../definition/projection.js';

interface TableInfo {
  readonly name: string;
  readonly withoutRowid: boolean;
}

/** The schema name the shadow file is attached under, on the main connection, during a swap. */
const SHADOW = 'rebuild_shadow';

/** Page cache of the main database during a swap: allocated only as pages are used. */
const SWAP_CACHE_KIB = 256 * 1024;

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/** The projection's tables in the attached shadow: every ordinary table but the checkpoints. */
const shadowTables = (main: ReadModelDatabase): TableInfo[] =>
  (
    main
      .prepare(
        `SELECT name, wr FROM pragma_table_list WHERE schema = ? AND type = 'table'
           AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'projection_checkpoints' ORDER BY name`,
      )
      .all(SHADOW) as { name: string; wr: number }[]
  ).map((row) => ({ name: row.name, withoutRowid: row.wr === 1 }));

/**
 * Copies one table's rows, rowids included, so the copy is indistinguishable from the original.
 * One `INSERT ... SELECT`: SQLite copies in C, no row crosses into JavaScript.
 */
const copyTable = (main: ReadModelDatabase, table: TableInfo): void => {
  const columns = (
    main.prepare('SELECT name FROM pragma_table_info(?, ?)').pluck().all(table.name, SHADOW) as string[]
  ).map(quote);
  if (!table.withoutRowid) columns.unshift('rowid');
  const list = columns.join(', ');
  main.exec(`INSERT INTO main.${quote(table.name)} (${list}) SELECT ${list} FROM ${SHADOW}.${quote(table.name)}`);
};

/**
 * The indexes declared on the main database's copies of `tables` (not the automatic ones of
 * primary keys and UNIQUE columns, which have no SQL of their own).
 */
const declaredIndexes = (main: ReadModelDatabase, tables: readonly TableInfo[]): { name: string; sql: string }[] =>
  main
    .prepare(
      `SELECT name, sql FROM main.sqlite_schema WHERE type = 'index' AND sql IS NOT NULL
         AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY name`,
    )
    .all(JSON.stringify(tables.map((table) => table.name))) as { name: string; sql: string }[];

/**
 * Replaces the projection's tables in the main database by the ones built in the shadow file
 * (closed by the caller: its connection may no longer write), and its checkpoint by the
 * shadow's, in one transaction: readers (in this process or another) see the old read model up
 * to the commit and the new one after it, never a mix. The shadow is attached to the main
 * connection for the copy (ATTACH is not allowed inside a transaction, hence around it).
 * `inTransaction` runs last inside it (the rebuild releases its lease there).
 */
export const swapIn = (
  target: { db: ReadModelDatabase; checkpoints: CheckpointTable },
  shadowPath: string,
  projection: Projection,
  built: StoredCheckpoint,
  inTransaction: () => void,
): void => {
  target.db.prepare(`ATTACH DATABASE ? AS ${SHADOW}`).run(shadowPath);
  // The copy's pages stay in memory until the commit instead of spilling mid-transaction.
  const cacheSize = target.db.pragma('main.cache_size', { simple: true }) as number;
  target.db.pragma(`main.cache_size = -${SWAP_CACHE_KIB}`);
  try {
    const tables = shadowTables(target.db);
    target.db
      .transaction(() => {
        // Unqualified names resolve to main before an attached schema, but only if main has
        // them: set up first, or `reset` (DROP TABLE IF EXISTS) would drop the shadow's tables.
        projection.setup(target.db);
        projection.reset(target.db);
        projection.setup(target.db);
        // Rows first, then each index built once from the sorted keys: several times cheaper
        // than keeping every index in step row by row.
        const indexes = declaredIndexes(target.db, tables);
        for (const index of indexes) target.db.exec(`DROP INDEX main.${quote(index.name)}`);
        for (const table of tables) copyTable(target.db, table);
        for (const index of indexes) target.db.exec(index.sql);
        target.checkpoints.write(projection.name, built);
        inTransaction();
      })
      .immediate();
  } finally {
    target.db.pragma(`main.cache_size = ${cacheSize}`);
    target.db.exec(`DETACH DATABASE ${SHADOW}`);
  }
};
