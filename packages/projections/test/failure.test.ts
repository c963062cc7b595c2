import { ProjectionApplyError, type ProjectionFailure } from '../src/index.js';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { instrument } from './fixtures/instrument.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

describe.each(eventStoresUnderTest)('a projection that throws ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('rolls back its batch, stops with the error in status, and recovers to the rebuilt result after a restart', async () => {
    const head = await new ItemEventWriter(harness.store, 11).append(60);
    const events = await readAllEvents(harness.store);
    const failAt = events[24]!.position;
    const failing = instrument(inventoryProjection(), { failAt });
    const healthy = instrument(inventoryProjection({ prefix: 'healthy' }));
    const reported: Array<[string, ProjectionFailure]> = [];
    const { runner, db } = await harness.startRunner({
      projections: [failing.projection, healthy.projection],
      batchSize: 10,
      onFailure: (name, failure) => reported.push([name, failure]),
    });

    expect(await runner.waitFor(head, 5000, 'test-inventory')).toBe(false);
    expect(await runner.waitFor(head, 5000, 'healthy-inventory')).toBe(true);
    const [failed, other] = await runner.status();
    expect(failed).toMatchObject({ name: 'test-inventory', state: 'failed', caughtUp: false });
    expect(failed?.lastError?.position).toBe(failAt);
    expect(failed?.lastError?.error).toBeInstanceOf(ProjectionApplyError);
    expect(failed?.lastError?.message).toContain('boom');
    expect(reported.map(([name]) => name)).toEqual(['test-inventory']);
    expect(other).toMatchObject({ state: 'running', caughtUp: true, lastError: null });
    expect(await runner.isCaughtUp()).toBe(false);

    // The batch holding events 21..30 applied 21..25, then threw: none of it is committed.
    const batchStart = events[20]!.position;
    expect(failing.applied).toContain(batchStart);
    expect(failed?.checkpoint).toBe(events[19]!.position);
    const upToCheckpoint = harness.database('up-to-checkpoint.db');
    foldInto(upToCheckpoint, inventoryProjection(), events.slice(0, 20));
    expect(readInventory(db)).toEqual(readInventory(upToCheckpoint));

    await runner.stop();
    const restarted = instrument(inventoryProjection());
    const { runner: restartedRunner } = await harness.startRunner({
      projections: [restarted.projection],
      batchSize: 10,
      db: harness.database(),
    });
    expect(await restartedRunner.waitFor(head, 5000)).toBe(true);
    expect(restarted.applied).toEqual(events.slice(20).map((event) => event.position));
    const fromZero = harness.database('from-zero.db');
    foldInto(fromZero, inventoryProjection(), events);
    expect(readInventory(db)).toEqual(readInventory(fromZero));
  });

  it('treats an apply that returns a promise as a failure', async () => {
    const head = await new ItemEventWriter(harness.store, 5).append(5);
    const projection = inventoryProjection();
    const asyncApply = { ...projection, apply: async () => undefined };
    const { runner } = await harness.startRunner({ projections: [asyncApply] });

    expect(await runner.waitFor(head, 5000)).toBe(false);
    const [status] = await runner.status();
    expect(status?.state).toBe('failed');
    expect(status?.checkpoint).toBe(0n);
    expect(status?.lastError?.message).toContain('synchronous');
  });

  it('reports a setup that throws without crashing the runner', async () => {
    const projection = inventoryProjection();
    const broken = {
      ...projection,
      setup: () => {
        throw new Error('bad schema');
      },
    };
    const { runner } = await harness.startRunner({ projections: [broken] });

    const [status] = await runner.status();
    expect(status).toMatchObject({ state: 'failed', caughtUp: false });
    expect(status?.lastError).toMatchObject({ message: 'bad schema', position: null });
  });
});
