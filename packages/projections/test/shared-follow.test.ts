import type { EventStore } from '@paykit/event-store';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

/** The store, counting the catch-up subscriptions opened on it. */
const countingSubscriptions = (store: EventStore): { store: EventStore; subscriptions: () => number } => {
  let count = 0;
  const counting: EventStore = Object.create(store);
  counting.subscribeToAll = (options) => {
    count += 1;
    return store.subscribeToAll(options);
  };
  return { store: counting, subscriptions: () => count };
};

describe.each(eventStoresUnderTest)('projections of one runner ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('follow $all through one subscription, each from its own checkpoint, and build what each builds alone', async () => {
    const writer = new ItemEventWriter(harness.store, 7);
    await writer.append(30);
    const db = harness.database();
    // One projection already holds the first 30 events: the shared follow starts at the lowest checkpoint.
    const { runner: first } = await harness.startRunner({
      projections: [inventoryProjection({ prefix: 'early' })],
      db,
    });
    expect(await first.waitFor(await harness.store.headPosition(), 5000)).toBe(true);
    await first.stop();
    await writer.append(30);

    const { store, subscriptions } = countingSubscriptions(harness.store);
    const prefixes = ['early', 'late', 'other'];
    const { runner } = await harness.startRunner({
      projections: prefixes.map((prefix) => inventoryProjection({ prefix })),
      batchSize: 8,
      store,
      db,
    });
    const live = await writer.append(20);
    expect(await runner.waitFor(live, 5000)).toBe(true);
    expect(subscriptions()).toBe(1);

    const events = await readAllEvents(harness.store);
    for (const prefix of prefixes) {
      const alone = harness.database(`${prefix}-alone.db`);
      foldInto(alone, inventoryProjection({ prefix }), events);
      expect(readInventory(db, prefix)).toEqual(readInventory(alone, prefix));
    }
    expect((await runner.status()).map((status) => [status.name, status.checkpoint, status.state])).toEqual(
      prefixes.map((prefix) => [`${prefix}-inventory`, live, 'running']),
    );
  });
});
