import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  EVENTS_FILE_NAME,
  EventStoreUnavailableError,
  type RecordedEvent,
  SqliteEventStore,
  type SqliteEventStoreOptions,
  WrongExpectedRevisionError,
} from '../../src/index.js';
import { collect, take, testEvent } from '../../src/conformance/harness.js';
import { makeTempDir, removeDir } from '../temp-dirs.js';

let root: string;
let dataDir: string;
const opened: SqliteEventStore[] = [];
const rawConnections: Database.Database[] = [];

const openStore = (options: Partial<SqliteEventStoreOptions> = {}) => {
  const store = new SqliteEventStore({ dataDir, ...options });
  opened.push(store);
  return store;
};

/** A second connection to the same file, like an admin CLI in another process. */
const rawConnection = () => {
  const db = new Database(join(dataDir, EVENTS_FILE_NAME));
  db.defaultSafeIntegers(true);
  rawConnections.push(db);
  return db;
};

beforeEach(async () => {
  root = await makeTempDir('sqlite');
  dataDir = join(root, 'nested', 'data');
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const db of rawConnections.splice(0)) db.close();
  await removeDir(root);
});

describe('sqlite event store', () => {
  it('creates the data directory and one events.db in WAL mode; under FULL (the default) the store fsyncs the WAL itself', async () => {
    const store = openStore();
    expect(existsSync(join(dataDir, 'events.db'))).toBe(true);
    expect(rawConnection().pragma('journal_mode', { simple: true })).toBe('wal');
    await store.close();
    // synchronous is a per-connection setting, so it can only be read on the store's own connection.
    // The connection commits without an fsync in both modes; under FULL the store fsyncs the WAL
    // off the event loop before acknowledging (WalSync), under NORMAL it does not.
    const opened = (options: Partial<SqliteEventStoreOptions>) =>
      openStore(options) as unknown as { db: Database.Database; walSync: unknown };
    const full = opened({});
    expect(full.db.pragma('synchronous', { simple: true })).toBe(1n);
    expect(full.walSync).not.toBeNull();
    const normal = opened({ synchronous: 'normal' });
    expect(normal.db.pragma('synchronous', { simple: true })).toBe(1n);
    expect(normal.walSync).toBeNull();
  });

  it('keeps revisions and positions beyond 2^53 exact through append, conflict, read and subscription', async () => {
    const store = openStore();
    const top = 2n ** 53n;
    // Seed a stream whose revision and position only bigints can hold: no API can append 2^53 events.
    rawConnection()
      .prepare('INSERT INTO events VALUES (?, ?, ?, ?, ?, ?)')
      .run(top + 10n, 'big-1', top, 'Seeded', '{}', JSON.stringify(testEvent('Seeded').metadata));
    const appended = await store.appendToStream('big-1', [testEvent('Next')], { expectedRevision: top });
    expect(appended).toEqual({ nextExpectedRevision: top + 1n, position: top + 11n });
    const conflict: unknown = await store
      .appendToStream('big-1', [testEvent('Stale')], { expectedRevision: top })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(WrongExpectedRevisionError);
    const { expected, actual } = conflict as WrongExpectedRevisionError;
    expect([expected, actual]).toEqual([top, top + 1n]);
    const [fromStream, ...more] = await collect(store.readStream('big-1', { fromRevision: top + 1n }));
    expect(more).toEqual([]);
    expect([fromStream?.revision, fromStream?.position, fromStream?.type]).toEqual([top + 1n, top + 11n, 'Next']);
    expect((await collect(store.readAll({ after: top + 10n }))).map((e) => e.position)).toEqual([top + 11n]);
    const subscription = store.subscribeToAll({ after: top + 10n });
    const [live] = await take(subscription, 1);
    await subscription.close();
    expect(live?.position).toBe(top + 11n);
    expect(await store.headPosition()).toBe(top + 11n);
  });

  it('commits appends of one turn together: each checked against the others before it, a conflict failing alone', async () => {
    const store = openStore();
    const outcomes = await Promise.allSettled([
      store.appendToStream('order-1', [testEvent('Placed')], { expectedRevision: 'no_stream' }),
      store.appendToStream('order-1', [testEvent('Paid')], { expectedRevision: 0n }),
      store.appendToStream('order-1', [testEvent('Duplicate')], { expectedRevision: 0n }),
      store.appendToStream('order-2', [testEvent('Placed'), testEvent('Paid')], { expectedRevision: 'no_stream' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await collect(store.readStream('order-1'))).map((e) => e.type)).toEqual(['Placed', 'Paid']);
    expect((await collect(store.readAll())).map((e) => [e.streamName, e.position])).toEqual([
      ['order-1', 1n],
      ['order-1', 2n],
      ['order-2', 3n],
      ['order-2', 4n],
    ]);
  });

  it('fails an append whose data JSON cannot hold before anything is written, leaving the others of its turn alone', async () => {
    const store = openStore();
    const outcomes = await Promise.allSettled([
      store.appendToStream('a-1', [testEvent('Fine')]),
      store.appendToStream('b-1', [testEvent('Broken', { amount: 10n })]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect((await collect(store.readAll())).map((e) => e.streamName)).toEqual(['a-1']);
  });

  it('sees appends made through another connection: in reads, in revision checks, and in subscriptions by polling', async () => {
    const server = openStore({ pollIntervalMs: 10 });
    const cli = openStore();
    const subscription = server.subscribeToAll();
    try {
      await cli.appendToStream('project-1', [testEvent('Created')], { expectedRevision: 'no_stream' });
      const [seen] = await take(subscription, 1);
      expect([seen?.streamName, seen?.type]).toEqual(['project-1', 'Created']);
      await expect(
        server.appendToStream('project-1', [testEvent('Created')], { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({ actual: 0n });
      await server.appendToStream('project-1', [testEvent('Renamed')], { expectedRevision: 0n });
      expect((await collect(cli.readStream('project-1'))).map((e) => e.type)).toEqual(['Created', 'Renamed']);
      const raced = await Promise.allSettled(
        [server, cli, server, cli].map((store) =>
          store.appendToStream('project-1', [testEvent('Raced')], { expectedRevision: 1n }),
        ),
      );
      expect(raced.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const next = await take(subscription, 2);
      expect(next.map((e: RecordedEvent) => e.type)).toEqual(['Renamed', 'Raced']);
    } finally {
      await subscription.close();
    }
  });

  it('fails as unavailable when another process holds the write lock past the busy timeout, and recovers', async () => {
    const store = openStore({ busyTimeoutMs: 20 });
    await store.appendToStream('order-1', [testEvent('Placed')]);
    const other = rawConnection();
    other.exec('BEGIN IMMEDIATE');
    await expect(store.appendToStream('order-1', [testEvent('Blocked')])).rejects.toBeInstanceOf(
      EventStoreUnavailableError,
    );
    const concurrent = await Promise.allSettled([
      store.appendToStream('order-1', [testEvent('Blocked')]),
      store.appendToStream('order-2', [testEvent('Blocked')]),
    ]);
    expect(concurrent.map((o) => o.status === 'rejected' && o.reason instanceof EventStoreUnavailableError)).toEqual([
      true,
      true,
    ]);
    other.exec('COMMIT');
    await store.appendToStream('order-1', [testEvent('Paid')], { expectedRevision: 0n });
    expect((await collect(store.readStream('order-1'))).map((e) => e.type)).toEqual(['Placed', 'Paid']);
  });

  it('reads events of about 1 MiB in pages bounded by size, delivering all of them in order', async () => {
    const store = openStore();
    const blob = 'x'.repeat(1024 * 1024);
    for (let n = 0; n < 20; n += 5) {
      await store.appendToStream(
        'document-1',
        Array.from({ length: 5 }, (_, i) => testEvent('Uploaded', { n: n + i, blob })),
      );
    }
    const numbers = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);
    const expected = Array.from({ length: 20 }, (_, n) => n);
    expect(numbers(await collect(store.readStream('document-1')))).toEqual(expected);
    expect(numbers(await collect(store.readStream('document-1', { direction: 'backwards' })))).toEqual(
      [...expected].reverse(),
    );
    expect(numbers(await collect(store.readAll()))).toEqual(expected);
    const subscription = store.subscribeToAll();
    try {
      expect(numbers(await take(subscription, 20))).toEqual(expected);
    } finally {
      await subscription.close();
    }
  });

  it('under FULL, hides an append from reads and head until the WAL is on disk, and reports a conflict with it only then', async () => {
    const store = openStore();
    // The WAL's fsync, held until the test lets it finish (the real one runs on the thread pool).
    const internals = store as unknown as { walSync: { sync(): Promise<void>; close(): void } };
    const realSync = internals.walSync;
    let finishFsync: () => void = () => undefined;
    internals.walSync = {
      sync: () => new Promise<void>((resolve) => (finishFsync = resolve)).then(() => realSync.sync()),
      close: () => realSync.close(),
    };
    const first = store.appendToStream('order-1', [testEvent('Placed')], { expectedRevision: 'no_stream' });
    let acknowledged = false;
    void first.then(() => (acknowledged = true));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    // Committed in the file (another connection sees it), not yet durable: this store shows nothing.
    expect(rawConnection().prepare('SELECT count(*) FROM events').pluck().get()).toBe(1n);
    expect(acknowledged).toBe(false);
    expect(await collect(store.readStream('order-1'))).toEqual([]);
    expect(await collect(store.readAll())).toEqual([]);
    expect(await store.headPosition()).toBe(0n);
    let conflictReported = false;
    const second = store
      .appendToStream('order-1', [testEvent('Placed')], { expectedRevision: 'no_stream' })
      .finally(() => (conflictReported = true));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(conflictReported).toBe(false);

    finishFsync();
    await expect(first).resolves.toMatchObject({ nextExpectedRevision: 0n, position: 1n });
    await expect(second).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await collect(store.readStream('order-1'))).map((event) => event.type)).toEqual(['Placed']);
    expect(await store.headPosition()).toBe(1n);
  });

  it('writes appends already submitted when it is closed', async () => {
    const store = openStore();
    const submitted = store.appendToStream('order-1', [testEvent('Placed')]);
    await store.close();
    await expect(submitted).resolves.toMatchObject({ nextExpectedRevision: 0n });
    const reopened = openStore();
    expect((await collect(reopened.readStream('order-1'))).map((e) => e.type)).toEqual(['Placed']);
  });

  it('refuses a database written by a newer schema version', async () => {
    await openStore().close();
    rawConnection().pragma('user_version = 99');
    expect(() => openStore()).toThrow(/schema version 99/);
  });
});
