import {
  type CompetingConsumer,
  type Delivery,
  createEventStore,
  supportsCompetingConsumers,
} from '../../src/index.js';
import { numberedEvents } from '../../src/conformance/harness.js';
import { type EsdbTestServer, startEsdbTestServer } from '../../src/esdb-test-server/index.js';
import type { EventStore } from '../../src/index.js';

const next = async (consumer: CompetingConsumer): Promise<Delivery> => {
  const result = await consumer[Symbol.asyncIterator]().next();
  if (result.done) throw new Error('the consumer ended');
  return result.value;
};

describe('competing consumers (persistent subscription) on EventStoreDB', () => {
  let server: EsdbTestServer;
  let store: EventStore;
  beforeEach(async () => {
    server = await startEsdbTestServer();
    store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
  });
  afterEach(async () => {
    await store.close();
    await server.close();
  });

  it('the memory store does not offer them; the esdb store does', async () => {
    expect(supportsCompetingConsumers(await createEventStore({ kind: 'memory' }))).toBe(false);
    expect(supportsCompetingConsumers(store)).toBe(true);
  });

  it('each event of the group streams goes to exactly one member', async () => {
    if (!supportsCompetingConsumers(store)) throw new Error('unsupported');
    const options = { group: 'workers', streamNamePrefixes: ['job-'], bufferSize: 4 };
    const members = [store.competingConsumers(options), store.competingConsumers(options)];
    for (let i = 0; i < 10; i++) {
      await store.appendToStream(`job-${i}`, numberedEvents(1, 'JobQueued', i));
      await store.appendToStream(`other-${i}`, numberedEvents(1, 'Noise'));
    }
    const seen: { member: number; stream: string }[] = [];
    const work = members.map(async (member, index) => {
      for await (const delivery of member) {
        seen.push({ member: index, stream: delivery.event.streamName });
        await delivery.ack();
      }
    });
    while (seen.length < 10) await new Promise((resolve) => setTimeout(resolve, 20));
    // Nothing more arrives once all ten are acknowledged: no event was delivered twice.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await Promise.all(members.map((member) => member.close()));
    await Promise.all(work);
    expect(seen.map((s) => s.stream).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `job-${i}`).sort());
    expect(new Set(seen.map((s) => s.member)).size).toBe(2);
  }, 20_000);

  it('what a member took and never settled goes to another member when it leaves', async () => {
    if (!supportsCompetingConsumers(store)) throw new Error('unsupported');
    const options = { group: 'takeover', streamNamePrefixes: ['job-'], bufferSize: 1 };
    await store.appendToStream('job-1', numberedEvents(1, 'JobQueued'));
    const first = store.competingConsumers(options);
    const taken = await next(first);
    expect(taken.event.streamName).toBe('job-1');
    const second = store.competingConsumers(options);
    await first.close();
    const retried = await next(second);
    expect([retried.event.streamName, retried.event.position, retried.retryCount]).toEqual([
      'job-1',
      taken.event.position,
      1,
    ]);
    await retried.ack();
    await second.close();
  });
});
