import type { RecordedEvent } from '@paykit/event-store';
import { defineProjection, openReadModelDatabase, type ReadModelDatabase } from '../src/index.js';

const event = (position: bigint, type: string): RecordedEvent => ({
  streamName: 'note-1',
  revision: position - 1n,
  position,
  type,
  data: { text: `note ${position}` },
  metadata: {
    eventId: `event-${position}`,
    occurredAt: '2025-01-01T00:00:00.000Z',
    projectId: null,
    actor: { type: 'system', id: 'test' },
    correlationId: 'test',
    causationId: null,
    schemaVersion: 1,
  },
});

describe('defineProjection', () => {
  let db: ReadModelDatabase;
  let prepared: number;
  const notes = defineProjection({
    name: 'notes',
    version: 1,
    tables: ['notes', 'note "quotes"'],
    schema: `CREATE TABLE IF NOT EXISTS notes (position INTEGER PRIMARY KEY, text TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS "note ""quotes""" (id INTEGER PRIMARY KEY);`,
    statements: (database) => {
      prepared++;
      return { insert: database.prepare<[bigint, string]>('INSERT INTO notes (position, text) VALUES (?, ?)') };
    },
    apply: (recorded, { insert }) => {
      if (recorded.type === 'note.written') insert.run(recorded.position, (recorded.data as { text: string }).text);
    },
  });
  const tables = () =>
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").pluck().all() as string[];

  beforeEach(() => {
    db = openReadModelDatabase(':memory:');
    prepared = 0;
  });
  afterEach(() => db.close());

  it('prepares its statements once per connection and applies events through them', () => {
    notes.setup(db);
    notes.apply(db, event(1n, 'note.written'));
    notes.apply(db, event(2n, 'note.ignored'));
    notes.apply(db, event(3n, 'note.written'));

    expect(prepared).toBe(1);
    expect(db.prepare('SELECT position, text FROM notes ORDER BY position').all()).toEqual([
      { position: 1, text: 'note 1' },
      { position: 3, text: 'note 3' },
    ]);
    const other = openReadModelDatabase(':memory:');
    notes.setup(other);
    notes.apply(other, event(4n, 'note.written'));
    other.close();
    expect(prepared).toBe(2);
  });

  it('drops its tables on reset and prepares again after the next setup', () => {
    notes.setup(db);
    notes.apply(db, event(1n, 'note.written'));
    notes.reset(db);
    expect(tables()).toEqual([]);

    notes.setup(db);
    notes.apply(db, event(2n, 'note.written'));
    expect(prepared).toBe(2);
    expect(db.prepare('SELECT position FROM notes').pluck().all()).toEqual([2]);
    expect(tables()).toEqual(['note "quotes"', 'notes']);
  });
});

describe('a projection fingerprint', () => {
  const definition = {
    name: 'notes',
    version: 1,
    tables: ['notes'],
    schema: 'CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)',
    statements: () => ({}),
    apply: () => undefined,
  };

  it('changes with the schema or the apply code, not with the version alone', () => {
    const base = defineProjection(definition);
    expect(base.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(defineProjection({ ...definition }).fingerprint).toBe(base.fingerprint);
    expect(defineProjection({ ...definition, version: 2 }).fingerprint).toBe(base.fingerprint);
    expect(defineProjection({ ...definition, schema: `${definition.schema};` }).fingerprint).not.toBe(base.fingerprint);
    expect(defineProjection({ ...definition, apply: () => void 0 }).fingerprint).not.toBe(base.fingerprint);
  });

  it('is left out when the projection is only rebuilt on a version bump', () => {
    expect(defineProjection({ ...definition, rebuildWhenCodeChanges: false }).fingerprint).toBeUndefined();
  });
});
