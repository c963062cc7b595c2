import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
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
    expect(await runner.waitFor(head, 5000)).toBe(true);

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

  it('stops a runner whose version no longer matches the database, rather than write into it', async () => {
    const writer = new ItemEventWriter(harness.store, 23);
    const { runner: old } = await harness.startRunner({ projections: [inventoryProjection({ version: 1 })] });
    const { runner: upgraded } = await harness.startRunner({
      projections: [inventoryProjection({ version: 2 })],
      db: harness.database(),
    });

    const head = await writer.append(20);
    expect(await upgraded.waitFor(head, 5000)).toBe(true);
    expect(await old.waitFor(head, 5000)).toBe(false);
    expect(await old.status()).toMatchObject([{ state: 'failed', lastError: { position: null } }]);
    expect((await old.status())[0]?.lastError?.message).toContain('version 2');
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
});
