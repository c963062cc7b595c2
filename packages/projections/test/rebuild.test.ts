import { CheckpointTable, rebuildProjection } from '../src/index.js';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { eventually } from './fixtures/eventually.js';
import { instrument } from './fixtures/instrument.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

describe.each(eventStoresUnderTest)('rebuilding a projection ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('rebuilds from position 0 when the version changes, to the same result', async () => {
    const head = await new ItemEventWriter(harness.store, 17).append(300);
    const { runner: original, db } = await harness.startRunner({ projections: [inventoryProjection()] });
    expect(await original.waitFor(head, 5000)).toBe(true);
    const before = readInventory(db);
    await original.stop();

    const bumped = instrument(inventoryProjection({ version: 2 }));
    const { runner } = await harness.startRunner({ projections: [bumped.projection], db: harness.database() });
    await eventually(async () => (await runner.status())[0]?.state === 'running');

    const events = await readAllEvents(harness.store);
    expect(bumped.applied).toEqual(events.map((event) => event.position));
    expect(readInventory(db)).toEqual(before);
    expect(await runner.status()).toMatchObject([{ version: 2, checkpoint: head, caughtUp: true }]);
  });

  it('keeps the stored read model when the version is unchanged', async () => {
    const head = await new ItemEventWriter(harness.store, 19).append(50);
    const { runner: original } = await harness.startRunner({ projections: [inventoryProjection()] });
    expect(await original.waitFor(head, 5000)).toBe(true);
    await original.stop();

    const same = instrument(inventoryProjection());
    const { runner } = await harness.startRunner({ projections: [same.projection], db: harness.database() });
    expect(await runner.waitFor(head, 5000)).toBe(true);
    expect(same.applied).toEqual([]);
  });

  it('adopts a checkpoint written before fingerprints existed, without a rebuild', async () => {
    const head = await new ItemEventWriter(harness.store, 19).append(50);
    const { runner: original, db } = await harness.startRunner({ projections: [inventoryProjection()] });
    expect(await original.waitFor(head, 5000)).toBe(true);
    await original.stop();
    db.exec('UPDATE projection_checkpoints SET fingerprint = NULL');

    const same = instrument(inventoryProjection());
    const { runner } = await harness.startRunner({ projections: [same.projection], db: harness.database() });
    expect(await runner.waitFor(head, 5000)).toBe(true);
    expect(same.applied).toEqual([]);
    expect(new CheckpointTable(db).read('test-inventory')?.fingerprint).toBe(inventoryProjection().fingerprint);
  });

  it('rebuilds over more than 10,000 events to exactly what the live runner built', async () => {
    const writer = new ItemEventWriter(harness.store, 29);
    const { runner: live, db: liveDb } = await harness.startRunner({ projections: [inventoryProjection()] });
    let head = 0n;
    for (let round = 0; round < 21; round++) {
      head = await writer.append(500);
      // Every other round the runner follows live; in between it catches up over a backlog.
      if (round % 2 === 0) expect(await live.waitFor(head, 10_000)).toBe(true);
    }
    expect(await live.waitFor(head, 10_000)).toBe(true);

    const { runner: rebuild, db: rebuiltDb } = await harness.startRunner({
      projections: [inventoryProjection()],
      db: harness.database('rebuilt.db'),
    });
    expect(await rebuild.waitFor(head, 20_000)).toBe(true);

    const events = await readAllEvents(harness.store);
    expect(events.length).toBeGreaterThan(10_000);
    const liveResult = readInventory(liveDb);
    expect(liveResult.items.length).toBeGreaterThan(100);
    expect(readInventory(rebuiltDb)).toEqual(liveResult);
    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), events);
    expect(liveResult).toEqual(readInventory(reference));
  }, 60_000);

  it('rebuilt from zero by another process (the admin CLI) while a runner follows live, ends equal to a fold', async () => {
    const writer = new ItemEventWriter(harness.store, 43);
    const live = instrument(inventoryProjection());
    const { runner, db } = await harness.startRunner({ projections: [live.projection], batchSize: 20 });
    expect(await runner.waitFor(await writer.append(2000), 10_000)).toBe(true);

    const progress: bigint[] = [];
    const rebuilding = rebuildProjection({
      store: harness.store,
      db: harness.database(),
      projection: inventoryProjection(),
      batchSize: 100,
      onProgress: ({ position }) => progress.push(position),
    });
    // Writes go on during the rebuild: the runner applies them to the old tables, then re-reads
    // from the swapped-in checkpoint whatever the new build does not hold yet.
    for (let round = 0; round < 5; round++) await writer.append(100);
    const built = await rebuilding;
    const head = await writer.append(100);
    expect(await runner.waitFor(head, 10_000)).toBe(true);

    expect(progress.length).toBeGreaterThan(0);
    expect(built.position).toBeGreaterThanOrEqual(progress[progress.length - 1]!);
    expect(await runner.status()).toMatchObject([{ state: 'running', checkpoint: head, caughtUp: true }]);
    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), await readAllEvents(harness.store));
    expect(readInventory(db)).toEqual(readInventory(reference));
  }, 30_000);

  it('re-reads from a checkpoint that another process moved back, leaving no gap', async () => {
    const writer = new ItemEventWriter(harness.store, 47);
    const live = instrument(inventoryProjection());
    const { runner, db } = await harness.startRunner({ projections: [live.projection] });
    const first = await writer.append(200);
    expect(await runner.waitFor(first, 5000)).toBe(true);

    // What a swap of a build made up to `swappedAt` does to the file.
    const events = await readAllEvents(harness.store);
    const swappedAt = events[99]!.position;
    const other = harness.database();
    const projection = inventoryProjection();
    other.transaction(() => {
      foldInto(other, projection, events.slice(0, 100));
      new CheckpointTable(other).write(projection.name, {
        position: swappedAt,
        version: 1,
        fingerprint: projection.fingerprint ?? null,
      });
    })();

    const head = await writer.append(20);
    expect(await runner.waitFor(head, 5000)).toBe(true);
    const all = (await readAllEvents(harness.store)).map((event) => event.position);
    expect(live.applied).toEqual([...all.filter((p) => p <= first), ...all.filter((p) => p > swappedAt)]);
    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), await readAllEvents(harness.store));
    expect(readInventory(db)).toEqual(readInventory(reference));
  });
});
