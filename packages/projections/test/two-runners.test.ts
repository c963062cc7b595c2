import { eventStoresUnderTest } from './fixtures/event-stores.js';
import { foldInto, Harness } from './fixtures/harness.js';
import { instrument } from './fixtures/instrument.js';
import { inventoryProjection, readInventory } from './fixtures/inventory-projection.js';
import { ItemEventWriter, readAllEvents } from './fixtures/item-events.js';

describe.each(eventStoresUnderTest)('two runners on one database file ($name event store)', (storeUnderTest) => {
  let harness: Harness;
  beforeEach(() => {
    harness = new Harness(storeUnderTest);
  });
  afterEach(() => harness.cleanup());

  it('apply each event once between them, in history and live', async () => {
    const writer = new ItemEventWriter(harness.store, 13);
    await writer.append(300);
    const api = instrument(inventoryProjection());
    const cli = instrument(inventoryProjection());
    const { runner: apiRunner, db } = await harness.startRunner({ projections: [api.projection], batchSize: 20 });
    const { runner: cliRunner } = await harness.startRunner({
      projections: [cli.projection],
      batchSize: 7,
      db: harness.database(),
    });

    let head = 0n;
    for (let round = 0; round < 5; round++) {
      head = await writer.append(40);
      expect(await apiRunner.waitFor(head, 5000)).toBe(true);
      expect(await cliRunner.waitFor(head, 5000)).toBe(true);
    }

    const events = await readAllEvents(harness.store);
    const applied = [...api.applied, ...cli.applied].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(applied).toEqual(events.map((event) => event.position));
    expect(api.applied.length).toBeGreaterThan(0);
    expect(cli.applied.length).toBeGreaterThan(0);

    const reference = harness.database('reference.db');
    foldInto(reference, inventoryProjection(), events);
    expect(readInventory(db)).toEqual(readInventory(reference));
    for (const runner of [apiRunner, cliRunner]) {
      expect(await runner.status()).toMatchObject([{ checkpoint: head, headPosition: head, lag: 0n, caughtUp: true }]);
    }
  });
});
