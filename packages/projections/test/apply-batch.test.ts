import type { RecordedEvent } from '@paykit/event-store';
import { ProjectionApplyError, type Projection } from '../src/index.js';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

/** The inventory projection with an `applyBatch` that records the batches it is given (and fails on one event). */
const batching = (failAt?: bigint): { projection: Projection; batches: bigint[][] } => {
  const inner = inventoryProjection();
  const batches: bigint[][] = [];
  const apply = (db: Parameters<Projection['apply']>[0], event: RecordedEvent) => {
    inner.apply(db, event);
    if (event.position === failAt) throw new Error('boom');
  };
  return {
    batches,
    projection: {
      ...inner,
      apply,
      applyBatch: (db, events) => {
        batches.push(events.map((event) => event.position));
        for (const event of events) apply(db, event);
      },
    },
  };
};

describe.each(eventStoresUnderTest)('a projection with applyBatch ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('is given each batch of new events once, in order, and builds what apply alone builds', async () => {
    const head = await new ItemEventWriter(harness.store, 5).append(50);
    const { projection, batches } = batching();
    const { runner, db } = await harness.startRunner({ projections: [projection], batchSize: 20 });
    expect(await runner.waitFor(head, 5000)).toBe(true);

    const events = await readAllEvents(harness.store);
    expect(batches.flat()).toEqual(events.map((event) => event.position));
    expect(batches.every((batch) => batch.length <= 20)).toBe(true);
    const alone = harness.database('alone.db');
    foldInto(alone, inventoryProjection(), events);
    expect(readInventory(db)).toEqual(readInventory(alone));
  });

  it('when the batch fails, names the event that fails and commits none of the batch', async () => {
    const head = await new ItemEventWriter(harness.store, 9).append(40);
    const events = await readAllEvents(harness.store);
    const failAt = events[25]!.position;
    const { projection } = batching(failAt);
    const { runner, db } = await harness.startRunner({ projections: [projection], batchSize: 10 });

    expect(await runner.waitFor(head, 5000)).toBe(false);
    const [status] = await runner.status();
    expect(status?.state).toBe('failed');
    expect(status?.lastError?.error).toBeInstanceOf(ProjectionApplyError);
    expect(status?.lastError?.position).toBe(failAt);
    const upToCheckpoint = harness.database('up-to-checkpoint.db');
    foldInto(
      upToCheckpoint,
      inventoryProjection(),
      events.filter((event) => event.position <= status!.checkpoint),
    );
    expect(status!.checkpoint).toBeLessThan(failAt);
    expect(readInventory(db)).toEqual(readInventory(upToCheckpoint));
  });
});
