import { randomBytes, randomUUID } from 'node:crypto';
import { type EventToAppend, createEventStore, migrateStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { listOrders, ownedWallet, postOnrampOrder, provisionProject } from '../orders/list-fixtures.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';

/**
 * An instance's projections share their catch-up reads of `$all` (one decode of each page for all
 * of them), yet every event still crosses the real client's gRPC stack once (~0.3-0.5 ms an event
 * under jest on 2 cores), so the default run uses 5,000 events (ten pages of the rebuild's reads).
 * The 100,000 (~80 s) run with PAYKIT_LARGE_TESTS=1 (CI's large-tests step);
 * `MIGRATE_TO_ESDB_EVENTS` sets any other count.
 */
const TOTAL_EVENTS = Number(
  process.env['MIGRATE_TO_ESDB_EVENTS'] ?? (process.env['PAYKIT_LARGE_TESTS'] === '1' ? 100_000 : 5_000),
);

const filler = (i: number): EventToAppend => ({
  type: 'LedgerEntryRecorded',
  data: { i },
  metadata: {
    eventId: randomUUID(),
    occurredAt: '2026-01-01T00:00:00.000Z',
    projectId: null,
    actor: { type: 'system', id: 'filler' },
    correlationId: 'filler',
    causationId: null,
    schemaVersion: 1,
  },
});

/** Every page of the orders list, following nextCursor: what a client sees. */
const pages = async (server: TestServer, key: string): Promise<unknown[]> => {
  const seen: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await listOrders(
      server,
      key,
      ['limit=4', cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&'),
    );
    if (page.status !== 200) throw new Error(`GET orders answered ${page.status}: ${page.text}`);
    seen.push(page.body.data);
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return seen;
};

/**
 * The scale-out path end to end: an API on the embedded store takes orders; its store (grown to
 * TOTAL_EVENTS events) is migrated into EventStoreDB (the test server) with the engine of
 * `pnpm cli migrate --to esdb`; an API started with EVENT_STORE=esdb rebuilds its read models
 * from the target's $all and serves the same orders list, page for page.
 */
describe('migrating the embedded store into EventStoreDB', () => {
  let dataDir: TempDir;
  const started = Date.now();
  const step = (what: string) => process.stderr.write(`migrate-to-esdb: ${what} after ${Date.now() - started} ms\n`);
  let esdb: EsdbTestServer;
  const secretsKey = randomBytes(32).toString('base64');

  beforeAll(async () => {
    dataDir = await makeTempDir('paykit-migrate-');
    esdb = await startEsdbTestServer();
  });
  afterAll(async () => {
    await esdb.close();
    await dataDir.remove();
  });

  it('the API on the target serves the same orders list as the API on the source', async () => {
    const env = {
      DATA_DIR: dataDir.path,
      SECRETS_KEY: secretsKey,
      ORDER_WORKER_INTERVAL_MS: 86_400_000,
      RATE_LIMIT_READS_PER_MIN: 100_000,
    };
    const onSqlite = await startServer({ env });
    let key: string;
    let before: unknown[];
    try {
      const shop = await provisionProject(onSqlite, 'Shop');
      key = shop.serverKey;
      const wallet = await ownedWallet(onSqlite, key, 'userId:migrated-buyer');
      for (let i = 0; i < 10; i++) await postOnrampOrder(onSqlite, key, wallet);
      before = await pages(onSqlite, key);
      expect(before.flat()).toHaveLength(10);
      step('orders placed on sqlite');
    } finally {
      await onSqlite.close();
    }

    const source = await createEventStore({ kind: 'sqlite', dataDir: dataDir.path, synchronous: 'normal' });
    const target = await createEventStore({ kind: 'esdb', connectionString: esdb.connectionString });
    try {
      const head = await source.headPosition();
      let count = 0;
      for await (const _ of source.readAll()) count++;
      for (let written = count; written < TOTAL_EVENTS; written += 1000) {
        await source.appendToStream(
          `ledger-${written}`,
          Array.from({ length: Math.min(1000, TOTAL_EVENTS - written) }, (_, i) => filler(written + i)),
        );
      }
      expect(await source.headPosition()).toBeGreaterThan(head);
      const migrated = await migrateStore({ source, target });
      expect(migrated.copied).toBe(TOTAL_EVENTS);
      step('migrated');
    } finally {
      await target.close();
      await source.close();
    }

    // A fresh instance: its own data directory, the shared cluster, the deployment's secrets key.
    const instanceDir = await makeTempDir('paykit-esdb-instance-');
    const onEsdb = await startServer({
      env: {
        ...env,
        DATA_DIR: instanceDir.path,
        EVENT_STORE: 'esdb',
        EVENTSTORE_CONNECTION_STRING: esdb.connectionString,
      },
    });
    try {
      // The new instance rebuilds its read models from the target's $all: wait (bounded) until it has.
      const deadline = Date.now() + 240_000;
      let ready = await fetchJson(`${onEsdb.rootUrl}/ready`);
      while (ready.status !== 200 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        ready = await fetchJson(`${onEsdb.rootUrl}/ready`);
      }
      step(`API on esdb answers /ready ${ready.status} ${ready.status === 200 ? '' : ready.text}`);
      expect(ready.status).toBe(200);
      expect(await pages(onEsdb, key)).toEqual(before);
    } finally {
      await onEsdb.close();
      await instanceDir.remove();
    }
  }, 300_000);
});
