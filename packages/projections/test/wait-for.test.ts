import { randomUUID } from 'node:crypto';
import { ProjectionRunner } from '../src/index.js';
import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { Harness } from './fixtures/harness.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter } from './fixtures/item-events.js';

const event = (type: string, data: unknown) => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: '2025-01-01T00:00:00.000Z',
    projectId: null,
    actor: { type: 'system' as const, id: 'test' },
    correlationId: 'test',
    causationId: null,
    schemaVersion: 1,
  },
});

describe.each(eventStoresUnderTest)('waitFor and status ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('resolves once a live append is projected, so a query reads its own write', async () => {
    const { runner, db } = await harness.startRunner({ projections: [inventoryProjection()] });
    expect(await runner.waitFor(0n, 10)).toBe(true);

    const { position } = await harness.store.appendToStream('item-sku-9', [
      event('item.added', { name: 'Lamp', quantity: 2 }),
    ]);
    expect(await runner.waitFor(position, 5000)).toBe(true);
    expect(readInventory(db).items).toEqual([
      { sku: 'sku-9', name: 'Lamp', quantity: 2, last_position: Number(position) },
    ]);
  });

  it('returns false when the position is not reached in time', async () => {
    const head = await new ItemEventWriter(harness.store).append(10);
    const { runner } = await harness.startRunner({ projections: [inventoryProjection()] });

    expect(await runner.waitFor(head + 1n, 20)).toBe(false);
    expect(await runner.waitFor(head, 5000)).toBe(true);
  });

  it('moves the checkpoint past events the projection ignores, up to the head', async () => {
    await new ItemEventWriter(harness.store).append(10);
    const { position } = await harness.store.appendToStream('noise-1', [event('noise.happened', {})]);
    const { runner } = await harness.startRunner({ projections: [inventoryProjection()] });

    expect(await runner.waitFor(position, 5000)).toBe(true);
    expect(await runner.status()).toEqual([
      {
        name: 'test-inventory',
        version: 1,
        state: 'running',
        checkpoint: position,
        headPosition: position,
        lag: 0n,
        lagSeconds: 0,
        caughtUp: true,
        rebuild: null,
        lastError: null,
      },
    ]);
    expect(await runner.isCaughtUp()).toBe(true);
  });

  it('reports lag before start and answers false once stopped', async () => {
    const head = await new ItemEventWriter(harness.store).append(10);
    const runner = new ProjectionRunner({
      store: harness.store,
      db: harness.database(),
      projections: [inventoryProjection()],
    });
    expect(await runner.status()).toMatchObject([{ state: 'idle', checkpoint: 0n, lag: head, caughtUp: false }]);
    expect(await runner.isCaughtUp()).toBe(false);
    const waiting = runner.waitFor(head, 5000);

    await runner.start();
    expect(await waiting).toBe(true);
    await runner.stop();
    expect(await runner.waitFor(head + 1n, 5000)).toBe(false);
    expect(await runner.isCaughtUp()).toBe(false);
    await expect(runner.waitFor(head, 10, 'no-such-projection')).rejects.toThrow('No projection named');
  });
});
