import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelProjections } from '@paykit/api/read-models';
import { createEventStore, type EventStore } from '@paykit/event-store';
import {
  openReadModelDatabase,
  ProjectionRunner,
  type ReadModelDatabase,
  readModelDatabasePath,
} from '@paykit/projections';
import { runCli, runCliWith } from './run-cli.js';

const walletCreated = (n: number) => ({
  type: 'WalletCreated',
  data: { walletId: `wallet-${n}`, chainType: 'evm', address: `0x${String(n).padStart(40, '0')}` },
  metadata: {
    eventId: randomUUID(),
    occurredAt: new Date().toISOString(),
    projectId: `project-${n % 3}`,
    actor: { type: 'system' as const, id: 'cli-test' },
    correlationId: 'cli-test',
    causationId: null,
    schemaVersion: 1,
  },
});

const walletRows = (db: ReadModelDatabase) => db.prepare('SELECT * FROM wallets ORDER BY wallet_id').all();

describe('pnpm cli projections', () => {
  let dir: string;
  let env: Record<string, string>;
  let store: EventStore;
  let head: bigint;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-projections-'));
    env = { DATA_DIR: join(dir, 'data') };
    store = await createEventStore({ kind: 'sqlite', dataDir: env['DATA_DIR']! });
    for (let n = 0; n < 60; n++) ({ position: head } = await store.appendToStream(`wallet-${n}`, [walletCreated(n)]));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What the API does on start: every read model built live, up to `head`. */
  const buildLive = async (): Promise<ReadModelDatabase> => {
    const db = openReadModelDatabase(readModelDatabasePath(env['DATA_DIR']!));
    const runner = new ProjectionRunner({ store, db, projections: readModelProjections() });
    await runner.start();
    expect(await runner.waitFor(head, 10_000)).toBe(true);
    await runner.stop();
    return db;
  };

  it('status shows every read model of the API: position, head, lag and state', async () => {
    const before = await runCli(env, 'projections', 'status', '--json');
    expect(before.code).toBe(0);
    const absent = JSON.parse(before.stdout) as { name: string; state: string; lag: string }[];
    expect(absent.map((status) => status.name)).toEqual(readModelProjections().map((projection) => projection.name));
    expect(absent.every((status) => status.state === 'absent' && status.lag === String(head))).toBe(true);

    (await buildLive()).close();
    await store.appendToStream('wallet-late', [walletCreated(99)]);
    const table = await runCli(env, 'projections', 'status');
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^PROJECTION\s+STATE\s+POSITION\s+HEAD\s+LAG \(EVENTS\)\s+LAG \(S\)\s+BUILD\n/);
    expect(table.stdout).toMatch(
      new RegExp(`\\nwallets\\s+live\\s+${head}\\s+${head + 1n}\\s+1\\s+\\d+\\.\\d\\s+v2/[0-9a-f]{8}\\n`),
    );
  });

  it('rebuild [name] replays from zero with a progress bar on stderr and ends equal to the live read model', async () => {
    const db = await buildLive();
    const live = walletRows(db);
    expect(live).toHaveLength(60);

    const run = await runCliWith({ stderrIsTerminal: true }, env, 'projections', 'rebuild', 'wallets', '--json');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/\rwallets \[#+\.*\] +\d+% [\d,]+\/[\d,]+ events, [\d,]+\/s, ETA/);
    expect(run.stderr).toContain(`wallets: rebuilt to position ${head}`);
    expect(JSON.parse(run.stdout)).toEqual([{ name: 'wallets', position: String(head), seconds: expect.any(Number) }]);
    expect(walletRows(db)).toEqual(live);
    db.close();

    const status = JSON.parse((await runCli(env, 'projections', 'status', '--json')).stdout) as {
      name: string;
      state: string;
    }[];
    expect(status.find((entry) => entry.name === 'wallets')?.state).toBe('live');
  });

  it('writes plain progress lines, no carriage returns or escape codes, when stderr is not a terminal', async () => {
    (await buildLive()).close();
    const run = await runCliWith({ stderrIsTerminal: false }, env, 'projections', 'rebuild', 'wallets');
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).not.toContain('\u001b');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(new RegExp(`^wallets: rebuilt to position ${head} in \\d+\\.\\d s$`));
    expect(lines.slice(0, -1).every((line) => /^wallets \[[#.]+\] +\d+% /.test(line))).toBe(true);
  });

  it('rejects an unknown projection name, listing the known ones', async () => {
    const run = await runCli(env, 'projections', 'rebuild', 'no-such');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No projection named no-such. Projections: wallets, wallet-transfers');
  });
});
