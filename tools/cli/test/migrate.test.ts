import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { type EventStore, type EventToAppend, createEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { runCli } from './run-cli.js';

const event = (type: string, data: unknown): EventToAppend => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: '2026-01-01T00:00:00.000Z',
    projectId: 'project-1',
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: null,
    schemaVersion: 1,
  },
});

/**
 * Rounds of 100 ledger batches of 99 events and 100 single-event streams: 10,000 events a round.
 * The 100,000 (ten rounds) run with PAYKIT_LARGE_TESTS=1 (CI's large-tests step); one round
 * by default, still ten of the migration's 1,000-event batches and many streams.
 */
const ROUNDS = process.env['PAYKIT_LARGE_TESTS'] === '1' ? 10 : 1;

const fillSource = async (store: EventStore): Promise<number> => {
  let total = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let ledger = 0; ledger < 100; ledger++) {
      const batch = Array.from({ length: 99 }, (_, i) => event('Entry', { round, i }));
      await store.appendToStream(`ledger-${ledger}`, batch);
      total += batch.length;
    }
    for (let order = 0; order < 100; order++) {
      await store.appendToStream(`order-${round}-${order}`, [event('OrderPlaced', { round, order })], {
        expectedRevision: 'no_stream',
      });
      total++;
    }
  }
  return total;
};

const read = async (store: EventStore, stream: string) => {
  const events = [];
  for await (const e of store.readStream(stream)) events.push([e.revision, e.type, e.data, e.metadata.eventId]);
  return events;
};

describe('pnpm cli migrate --to esdb', () => {
  let dir: string;
  let server: EsdbTestServer;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-migrate-'));
    server = await startEsdbTestServer();
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`copies a store of ${(ROUNDS * 10_000).toLocaleString('en-US')} events with their streams, revisions and order; a re-run copies nothing`, async () => {
    const env = { DATA_DIR: join(dir, 'data'), EVENTSTORE_CONNECTION_STRING: server.connectionString };
    const source = await createEventStore({ kind: 'sqlite', dataDir: env.DATA_DIR, synchronous: 'normal' });
    const total = await fillSource(source);
    expect(total).toBe(ROUNDS * 10_000);

    const run = await runCli(env, 'migrate', '--to', 'esdb');
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toContain(`Copied ${total} events into EventStoreDB (0 already there)`);
    expect(run.stderr).toContain(`${total} events (100% of the source)`);

    const target = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
    try {
      for (const stream of ['ledger-0', 'ledger-99', 'order-0-0', `order-${ROUNDS - 1}-99`]) {
        expect(await read(target, stream)).toEqual(await read(source, stream));
      }
      // $all keeps the source's order: the same streams in the same sequence.
      const order = async (store: EventStore) => {
        const names: string[] = [];
        for await (const e of store.readAll())
          if (!e.streamName.startsWith('migration-')) names.push(`${e.streamName}@${e.revision}`);
        return names;
      };
      const copied = await order(target);
      expect(copied).toHaveLength(total);
      expect(copied).toEqual(await order(source));
    } finally {
      await target.close();
      await source.close();
    }

    const again = await runCli(env, 'migrate', '--to', 'esdb', '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ copied: 0, skipped: 0 });
  }, 600_000);

  it('refuses without a target or a connection string', async () => {
    const env = { DATA_DIR: join(dir, 'data') };
    expect((await runCli(env, 'migrate', '--to', 'postgres')).code).toBe(2);
    const run = await runCli(env, 'migrate', '--to', 'esdb');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('EVENTSTORE_CONNECTION_STRING');
  });
});
