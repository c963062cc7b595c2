import { existsSync } from 'node:fs';
import { CheckpointTable, rebuildProjection, RebuildInProgressError, shadowDatabasePath } from '../src/index.js';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { eventually } from './fixtures/eventually.js';
import { GatedEventStore } from './fixtures/gated-store.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { instrument } from './fixtures/instrument.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

describe.each(eventStoresUnderTest)('a side-by-side rebuild ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  /** The read model built live by the original code, its runner stopped. */
  const builtByOriginalCode = async (writer: ItemEventWriter, events: number) => {
    const head = await writer.append(events);
    const { runner, db } = await harness.startRunner({ projections: [inventoryProjection()] });
    expect(await runner.waitFor(head, 5000)).toBe(true);
    await runner.stop();
    return { head, db, before: readInventory(db) };
  };

  const referenceOf = async (projection = inventoryProjection({ upperCase: true })) => {
    const reference = harness.database(`reference-${Math.random()}.db`);
    foldInto(reference, projection, await readAllEvents(harness.store));
    return readInventory(reference);
  };

  it('serves the old tables while changed code (same version) rebuilds, then swaps the new build in at the head', async () => {
    const writer = new ItemEventWriter(harness.store, 31);
    const { head, db, before } = await builtByOriginalCode(writer, 400);
    const events = await readAllEvents(harness.store);
    const gated = new GatedEventStore(harness.store);
    gated.holdAfter(events[200]!.position);
    const changed = inventoryProjection({ upperCase: true });
    const { runner } = await harness.startRunner({
      projections: [changed],
      store: gated,
      db: harness.database(),
      rebuildBatchSize: 50,
    });

    await eventually(async () => (await runner.status())[0]?.rebuild?.position === events[200]!.position);
    const [rebuilding] = await runner.status();
    expect(rebuilding).toMatchObject({ state: 'rebuilding', checkpoint: head, caughtUp: false });
    expect(readInventory(db)).toEqual(before);
    expect(existsSync(shadowDatabasePath(db, changed.name))).toBe(true);
    expect(await runner.waitFor(head, 10)).toBe(true); // the old tables do hold everything up to `head`

    const newHead = await writer.append(50);
    expect(await runner.waitFor(newHead, 20)).toBe(false);
    gated.release();
    expect(await runner.waitFor(newHead, 10_000)).toBe(true);

    expect(await runner.status()).toMatchObject([
      { state: 'running', checkpoint: newHead, caughtUp: true, rebuild: null },
    ]);
    expect(readInventory(db)).toEqual(await referenceOf());
    expect(readInventory(db)).not.toEqual(before);
    expect(new CheckpointTable(db).read(changed.name)).toEqual({
      position: newHead,
      version: 1,
      fingerprint: changed.fingerprint,
    });
    expect(existsSync(shadowDatabasePath(db, changed.name))).toBe(false);
    expect(db.prepare('SELECT count(*) FROM projection_rebuilds').pluck().get()).toBe(0);
  });

  it('resumes a rebuild that was stopped halfway from the shadow checkpoint', async () => {
    const writer = new ItemEventWriter(harness.store, 37);
    const { head } = await builtByOriginalCode(writer, 300);
    const positions = (await readAllEvents(harness.store)).map((event) => event.position);
    const gated = new GatedEventStore(harness.store);
    gated.holdAfter(positions[120]!);
    const first = instrument(inventoryProjection({ version: 2 }));
    const { runner: stopped } = await harness.startRunner({
      projections: [first.projection],
      store: gated,
      db: harness.database(),
      rebuildBatchSize: 40,
    });
    await eventually(async () => (await stopped.status())[0]?.rebuild?.position === positions[120]);
    await stopped.stop();
    gated.release();

    const second = instrument(inventoryProjection({ version: 2 }));
    const { runner, db } = await harness.startRunner({ projections: [second.projection], db: harness.database() });
    await eventually(async () => (await runner.status())[0]?.caughtUp === true);
    expect(first.applied).toEqual(positions.slice(0, 121));
    expect(second.applied).toEqual(positions.slice(121));
    expect(await runner.status()).toMatchObject([{ version: 2, checkpoint: head }]);
    expect(readInventory(db)).toEqual(await referenceOf(inventoryProjection({ version: 2 })));
  });

  it('stops a runner of the old code once the new build is swapped in, rather than write into it', async () => {
    const writer = new ItemEventWriter(harness.store, 23);
    const { runner: old } = await harness.startRunner({ projections: [inventoryProjection({ version: 1 })] });
    const first = await writer.append(20);
    expect(await old.waitFor(first, 5000)).toBe(true);
    const { runner: upgraded } = await harness.startRunner({
      projections: [inventoryProjection({ version: 2 })],
      db: harness.database(),
    });
    await eventually(async () => (await upgraded.status())[0]?.state === 'running');

    const head = await writer.append(20);
    expect(await upgraded.waitFor(head, 5000)).toBe(true);
    expect(await old.waitFor(head, 5000)).toBe(false);
    const [stopped] = await old.status();
    expect(stopped).toMatchObject({ state: 'failed', lastError: { position: null } });
    expect(stopped?.lastError?.message).toMatch(/running v1\/\w+ but the database holds v2/);
  });

  it('lets one process rebuild a projection at a time', async () => {
    const writer = new ItemEventWriter(harness.store, 41);
    await builtByOriginalCode(writer, 100);
    const gated = new GatedEventStore(harness.store);
    gated.holdAfter((await readAllEvents(harness.store))[10]!.position);
    const { runner, db } = await harness.startRunner({
      projections: [inventoryProjection({ version: 2 })],
      store: gated,
      db: harness.database(),
    });
    await eventually(async () => (await runner.status())[0]?.rebuild !== null);

    const cli = harness.database();
    await expect(
      rebuildProjection({ store: harness.store, db: cli, projection: inventoryProjection({ version: 2 }) }),
    ).rejects.toBeInstanceOf(RebuildInProgressError);
    gated.release();
    await eventually(async () => (await runner.status())[0]?.caughtUp === true);
    expect(readInventory(db)).toEqual(await referenceOf(inventoryProjection({ version: 2 })));
  });
});
