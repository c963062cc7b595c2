import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { CheckpointTable, StoredCheckpoint } from '../checkpoints/checkpoint-table.js';
import type { Projection } from '../definition/projection.js';

interface TableInfo {
  readonly name: string;
  readonly withoutRowid: boolean;
}

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/** The projection's tables in its shadow database: every ordinary table but the checkpoints. */
const shadowTables = (shadow: ReadModelDatabase): TableInfo[] =>
  (
    shadow
      .prepare(
        `SELECT name, wr FROM pragma_table_list WHERE schema = 'main' AND type = 'table'
           AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'projection_checkpoints' ORDER BY name`,
      )
      .all() as { name: string; wr: number }[]
  ).map((row) => ({ name: row.name, withoutRowid: row.wr === 1 }));

/** Copies one table's rows, rowids included, so the copy is indistinguishable from the original. */
const copyTable = (main: ReadModelDatabase, shadow: ReadModelDatabase, table: TableInfo): void => {
  const columns = (shadow.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table.name) as string[]).map(
    quote,
  );
  if (!table.withoutRowid) columns.unshift('rowid');
  const list = columns.join(', ');
  const insert = main.prepare(
    `INSERT INTO ${quote(table.name)} (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
  );
  const rows = shadow
    .prepare(`SELECT ${list} FROM ${quote(table.name)}`)
    .raw(true)
    .safeIntegers(true);
  for (const row of rows.iterate() as IterableIterator<unknown[]>) insert.run(row);
};

/**
 * Replaces the projection's tables in the main database by the ones built in `shadow`, and its
 * checkpoint by the shadow's, in one transaction: readers (in this process or another) see the
 * old read model up to the commit and the new one after it, never a mix. `inTransaction` runs
 * last inside it (the rebuild releases its lease there).
 */
export const swapIn = (
  target: { db: ReadModelDatabase; checkpoints: CheckpointTable },
  shadow: ReadModelDatabase,
  projection: Projection,
  built: StoredCheckpoint,
  inTransaction: () => void,
): void => {
  const tables = shadowTables(shadow);
  target.db
    .transaction(() => {
      projection.reset(target.db);
      projection.setup(target.db);
      for (const table of tables) copyTable(target.db, shadow, table);
      target.checkpoints.write(projection.name, built);
      inTransaction();
    })
    .immediate();
};
