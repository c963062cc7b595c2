import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventToAppend } from '@paykit/event-store';
import type { Durability } from './measure.js';
import { eventData } from './workload-data.js';

/**
 * The baselines: what hand-written better-sqlite3 code does with the same durability setting.
 * Writes go to a bare table (integer key + one JSON column, no index, no revision check);
 * scans read the adapter's own file and JSON.parse what they read, as any consumer must.
 */
export const openPlain = (dir: string, durability: Durability): Database.Database => {
  const db = new Database(join(dir, 'plain.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability}`);
  db.exec('CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
  return db;
};

/** Data objects made before the clock starts, like the adapter's prepared events. */
export const prepareRows = (count: number): object[] => Array.from({ length: count }, (_, n) => eventData(n));

/** Inserts the rows as JSON, one transaction per `rowsPerTransaction` rows. */
export const plainInserts = (db: Database.Database, rows: readonly object[], rowsPerTransaction: number): void => {
  const insert = db.prepare('INSERT INTO events (data) VALUES (?)');
  const commit = db.transaction((from: number) => {
    for (const row of rows.slice(from, from + rowsPerTransaction)) insert.run(JSON.stringify(row));
  });
  for (let from = 0; from < rows.length; from += rowsPerTransaction) commit(from);
};

/**
 * For diagnosis, not for the target: the adapter's own table, index and connection settings
 * (those of packages/event-store/src/sqlite/database.ts) written by plain code: revision counted
 * in memory, no check, no async, one event per transaction. The gap between this and the bare
 * table is what a stream index costs in SQLite; the gap between this and the adapter is the
 * adapter's own overhead.
 */
export const plainEventInserts = (
  db: Database.Database,
  events: readonly EventToAppend[],
  durability: Durability,
  streams = 100,
): void => {
  db.pragma(`wal_autocheckpoint = ${durability === 'FULL' ? 1000 : 10_000}`);
  db.pragma('cache_size = -65536');
  db.exec(`
    CREATE TABLE adapter_schema (
      position INTEGER PRIMARY KEY, stream_name TEXT NOT NULL, stream_revision INTEGER NOT NULL,
      type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX adapter_schema_stream ON adapter_schema (stream_name, stream_revision);
  `);
  const insert = db.prepare(
    'INSERT INTO adapter_schema (stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  const revisions = new Array<number>(streams).fill(-1);
  const commit = db.transaction((event: EventToAppend, stream: number) => {
    insert.run(
      `order-${stream}`,
      ++revisions[stream]!,
      event.type,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
    );
  });
  events.forEach((event, n) => commit(event, n % streams));
};

/** Reads one stream of the adapter's file in revision order; returns the rows read. */
export const plainStreamScan = (file: string, streamName: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    let rows = 0;
    const select = db.prepare<[string], { data: string; metadata: string }>(
      'SELECT data, metadata FROM events WHERE stream_name = ? ORDER BY stream_revision',
    );
    for (const row of select.iterate(streamName)) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
      rows++;
    }
    return rows;
  } finally {
    db.close();
  }
};

/** Reads the adapter's whole file in position order; returns the rows read. */
export const plainFullScan = (file: string): number => {
  const db = new Database(file, { readonly: true });
  try {
    let rows = 0;
    const select = db.prepare<[], { data: string; metadata: string }>(
      'SELECT position, stream_name, stream_revision, type, data, metadata FROM events ORDER BY position',
    );
    for (const row of select.iterate()) {
      JSON.parse(row.data);
      JSON.parse(row.metadata);
      rows++;
    }
    return rows;
  } finally {
    db.close();
  }
};
