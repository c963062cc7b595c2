import { EventStoreUnavailableError, createEventStore } from '../../src/index.js';
import { numberedEvents } from '../../src/conformance/harness.js';
import { type EsdbTestServer, startEsdbTestServer } from '../../src/esdb-test-server/index.js';

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('esdb adapter when the cluster is unreachable', () => {
  let server: EsdbTestServer;
  beforeEach(async () => {
    server = await startEsdbTestServer();
  });
  afterEach(() => server.close());

  it('a hung node: every call fails with EventStoreUnavailableError at its deadline instead of hanging', async () => {
    const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString, deadlineMs: 400 });
    try {
      await store.appendToStream('order-1', numberedEvents(1));
      server.control.pause();
      await expect(store.appendToStream('order-1', numberedEvents(1))).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
      await expect(collect(store.readStream('order-1'))).rejects.toBeInstanceOf(EventStoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
      server.control.resume();
      // The write that timed out was held, not lost: once the node answers again, the store works.
      expect((await collect(store.readStream('order-1'))).length).toBeGreaterThanOrEqual(1);
    } finally {
      await store.close();
    }
  });

  it('a stopped node: appends and reads fail with EventStoreUnavailableError', async () => {
    const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString, deadlineMs: 2000 });
    try {
      await store.appendToStream('order-1', numberedEvents(1));
      await server.close();
      await expect(store.appendToStream('order-1', numberedEvents(1))).rejects.toBeInstanceOf(
        EventStoreUnavailableError,
      );
      await expect(collect(store.readAll())).rejects.toBeInstanceOf(EventStoreUnavailableError);
    } finally {
      await store.close();
    }
  });

  it('an append over the server MaxAppendSize fails with a message naming the setting, not as unavailable', async () => {
    const small = await startEsdbTestServer({ maxAppendSize: 1024 });
    const store = await createEventStore({ kind: 'esdb', connectionString: small.connectionString });
    try {
      const error = await store
        .appendToStream(
          'doc-1',
          numberedEvents(1, 'Big').map((e) => ({ ...e, data: { text: 'x'.repeat(4096) } })),
        )
        .catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(EventStoreUnavailableError);
      expect((error as Error).message).toContain('MaxAppendSize');
    } finally {
      await store.close();
      await small.close();
    }
  });
});
