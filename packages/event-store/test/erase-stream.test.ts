import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type EventStore, MemoryEventStore, SqliteEventStore } from '../src/index.js';
import { collect, take, testEvent } from '../src/conformance/harness.js';
import { makeTempDir, removeDir } from './temp-dirs.js';

/**
 * What the embedded stores do beyond the conformance cases when a stream is erased (EventStoreDB
 * keeps its events in `$all` until a scavenge): `$all`, subscriptions and the head leave them
 * out, positions are never handed out again, and SQLite leaves no byte of them in its files.
 */
const SECRET = 'wrapped-data-key-4f1c9e';

describe.each([
  ['memory', async () => ({ store: new MemoryEventStore() as EventStore, dir: null })],
  [
    'sqlite',
    async () => {
      const dir = await makeTempDir('erase');
      return { store: new SqliteEventStore({ dataDir: dir }) as EventStore, dir };
    },
  ],
])('eraseStream on %s', (_name, open) => {
  let store: EventStore;
  let dir: string | null;
  beforeEach(async () => ({ store, dir } = await open()));
  afterEach(async () => {
    await store.close();
    if (dir) await removeDir(dir);
  });

  const writeThree = async () => {
    await store.appendToStream('profile-1', [testEvent('Created', { name: 'kept' })]);
    const key = await store.appendToStream('dataKey-1', [testEvent('KeyIssued', { wrapped: SECRET })]);
    await store.appendToStream('profile-1', [testEvent('Deleted')]);
    return key.position;
  };

  it('leaves the stream out of $all and subscriptions; the others keep their positions', async () => {
    const keyPosition = await writeThree();
    const before = await collect(store.readAll());
    await store.eraseStream('dataKey-1');
    const after = await collect(store.readAll());
    expect(after.map((event) => event.type)).toEqual(['Created', 'Deleted']);
    expect(after.map((event) => event.position)).toEqual(
      before.filter((event) => event.position !== keyPosition).map((event) => event.position),
    );
    const subscription = store.subscribeToAll();
    expect((await take(subscription, 2)).map((event) => event.type)).toEqual(['Created', 'Deleted']);
    await subscription.close();
  });

  it('never hands an erased position out again, and the head skips an erased last event', async () => {
    const keyPosition = await writeThree();
    await store.appendToStream('dataKey-2', [testEvent('KeyIssued', { wrapped: 'other' })]);
    const head = await store.headPosition();
    await store.eraseStream('dataKey-2');
    expect(await store.headPosition()).toBeLessThan(head);
    expect(await store.headPosition()).toBeGreaterThan(keyPosition);
    const next = await store.appendToStream('profile-2', [testEvent('Created')]);
    expect(next.position).toBeGreaterThan(head);
  });

  it('goes on from the erased revisions if the name is written again', async () => {
    await writeThree();
    await store.eraseStream('dataKey-1');
    const again = await store.appendToStream('dataKey-1', [testEvent('KeyIssued', { wrapped: 'new' })]);
    expect(again.nextExpectedRevision).toBe(1n);
    expect((await collect(store.readStream('dataKey-1'))).map((event) => event.revision)).toEqual([1n]);
  });

  it('leaves no byte of the erased events in any file of the data directory (SQLite)', async () => {
    if (!dir) return;
    await writeThree();
    const holding = async () => {
      const files = (await readdir(dir!)).map((file) => join(dir!, file));
      const found = [];
      for (const file of files) if ((await readFile(file)).includes(SECRET)) found.push(file);
      return found;
    };
    expect(await holding()).not.toEqual([]);
    await store.eraseStream('dataKey-1');
    expect(await holding()).toEqual([]);
    expect((await collect(store.readAll())).map((event) => event.type)).toEqual(['Created', 'Deleted']);
  });
});
