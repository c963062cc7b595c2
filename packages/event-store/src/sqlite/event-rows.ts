import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../port.js';

/** The largest value an SQLite INTEGER holds: revisions and positions beyond it cannot exist. */
export const MAX_INT64 = 2n ** 63n - 1n;

/** A row as better-sqlite3 returns it with safe integers on. */
export interface EventRow {
  readonly position: bigint;
  readonly stream_name: string;
  readonly stream_revision: bigint;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

export interface NewEventRow {
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

const COLUMNS = 'position, stream_name, stream_revision, type, data, metadata';

/**
 * The type an erased event's row is left with (its data and metadata emptied): the row keeps its
 * position and revision, so positions are never handed out twice and revisions go on, and every
 * read leaves it out. `$` starts only system names (EventStoreDB's rule), never an event of ours.
 */
export const ERASED_TYPE = '$erased';
const VISIBLE = `type <> '${ERASED_TYPE}'`;

/** Every statement the adapter runs, prepared once per connection. */
export interface Statements {
  readonly lastRevision: Database.Statement<[string], bigint>;
  readonly head: Database.Statement<[], bigint | null>;
  readonly insert: Database.Statement<[string, bigint, string, string, string]>;
  /** The last parameter before the limit: rows past this position are not returned (not on disk yet). */
  readonly streamForwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  readonly streamBackwards: Database.Statement<[string, bigint, bigint, number], EventRow>;
  readonly allAfter: Database.Statement<[bigint, bigint, number], EventRow>;
  readonly erase: Database.Statement<[string]>;
}

export const prepareStatements = (db: Database.Database): Statements => ({
  lastRevision: db
    .prepare<[string], bigint>(
      'SELECT stream_revision FROM events WHERE stream_name = ? ORDER BY stream_revision DESC LIMIT 1',
    )
    .pluck(),
  // Backwards from the end, past erased rows (there are few).
  head: db
    .prepare<[], bigint | null>(`SELECT position FROM events WHERE ${VISIBLE} ORDER BY position DESC LIMIT 1`)
    .pluck(),
  // No position: SQLite gives the row max(position) + 1, read back as lastInsertRowid.
  insert: db.prepare<[string, bigint, string, string, string]>(
    'INSERT INTO events (stream_name, stream_revision, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  ),
  streamForwards: db.prepare<[string, bigint, bigint, number], EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND stream_revision >= ? AND position <= ? AND ${VISIBLE} ORDER BY stream_revision LIMIT ?`,
  ),
  streamBackwards: db.prepare<[string, bigint, bigint, number], EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND stream_revision <= ? AND position <= ? AND ${VISIBLE} ORDER BY stream_revision DESC LIMIT ?`,
  ),
  allAfter: db.prepare<[bigint, bigint, number], EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE position > ? AND position <= ? AND ${VISIBLE} ORDER BY position LIMIT ?`,
  ),
  erase: db.prepare<[string]>(
    `UPDATE events SET type = '${ERASED_TYPE}', data = 'null', metadata = 'null' WHERE stream_name = ? AND ${VISIBLE}`,
  ),
});

export const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  streamName: row.stream_name,
  revision: row.stream_revision,
  position: row.position,
  type: row.type,
  data: JSON.parse(row.data),
  metadata: JSON.parse(row.metadata),
});
