import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { instrument } from './fixtures/instrument.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

describe.each(eventStoresUnderTest)('restarting the runner ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('resumes from the stored checkpoint, applying every event exactly once', async () => {
    const writer = new ItemEventWriter(harness.store, 7);
    const firstHead = await writer.append(120);
    const first = instrument(inventoryProjection());
    const { runner: firstRunner } = await harness.startRunner({ projections: [first.projection], batchSize: 16 });
    expect(await firstRunner.waitFor(firstHead, 5000)).toBe(true);
    await firstRunner.stop();

    const secondHead = await writer.append(80);
    const second = instrument(inventoryProjection());
    const { runner: secondRunner, db } = await harness.startRunner({
      projections: [second.projection],
      batchSize: 16,
      db: harness.database(),
    });
    expect(await secondRunner.waitFor(secondHead, 5000)).toBe(true);

    const positions = (await readAllEvents(harness.store)).map((event) => event.position);
    expect(first.applied).toEqual(positions.filter((position) => position <= firstHead));
    expect(second.applied).toEqual(positions.filter((position) => position > firstHead));

    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), await readAllEvents(harness.store));
    expect(readInventory(db)).toEqual(readInventory(reference));
  });

  it('stopped in the middle of a catch-up, a restart applies exactly what the first run did not commit', async () => {
    const head = await new ItemEventWriter(harness.store, 3).append(600);
    const positions = (await readAllEvents(harness.store)).map((event) => event.position);
    const first = instrument(inventoryProjection());
    const { runner: firstRunner } = await harness.startRunner({ projections: [first.projection], batchSize: 25 });
    expect(await firstRunner.waitFor(positions[100]!, 5000)).toBe(true);
    await firstRunner.stop();
    const [stopped] = await firstRunner.status();
    expect(stopped?.state).toBe('stopped');
    expect(stopped!.checkpoint).toBeLessThan(head);
    expect(first.applied).toEqual(positions.filter((position) => position <= stopped!.checkpoint));

    const second = instrument(inventoryProjection());
    const { runner: secondRunner, db } = await harness.startRunner({
      projections: [second.projection],
      batchSize: 25,
      db: harness.database(),
    });
    expect(await secondRunner.waitFor(head, 5000)).toBe(true);
    expect([...first.applied, ...second.applied]).toEqual(positions);

    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), await readAllEvents(harness.store));
    expect(readInventory(db)).toEqual(readInventory(reference));
  });
});
