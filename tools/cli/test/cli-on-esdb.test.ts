import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readModelProjections } from '@paykit/api/read-models';
import { EVENTS_FILE_NAME, type EventStore, createEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { randomIds, systemClock } from '@paykit/kernel';
import { Platform, SecretBox } from '@paykit/platform';
import { ProjectionRunner, openReadModelDatabase, readModelDatabasePath } from '@paykit/projections';
import { OrderHistory } from '@paykit/reconciliation/testing';
import { runCli } from './run-cli.js';

/**
 * The CLI on a deployment of several API instances on one EventStoreDB (the protocol test
 * server): EVENT_STORE=esdb makes every command work on the cluster, as the instances do, and
 * nothing lands in a sqlite store under DATA_DIR.
 */
describe('the CLI with EVENT_STORE=esdb', () => {
  let server: EsdbTestServer;
  let dir: string;
  let env: Record<string, string>;
  const secretsKey = randomBytes(32);

  beforeEach(async () => {
    server = await startEsdbTestServer();
    dir = mkdtempSync(join(tmpdir(), 'paykit-cli-esdb-'));
    env = {
      DATA_DIR: join(dir, 'instance'),
      EVENT_STORE: 'esdb',
      EVENTSTORE_CONNECTION_STRING: server.connectionString,
      SECRETS_KEY: secretsKey.toString('base64'),
    };
  });
  afterEach(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The cluster as an API instance reads it: its own connection, the deployment's key. */
  const onCluster = async <T>(work: (platform: Platform, store: EventStore) => Promise<T>): Promise<T> => {
    const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
    try {
      return await work(
        new Platform({ store, clock: systemClock, ids: randomIds, secrets: new SecretBox(secretsKey) }),
        store,
      );
    } finally {
      await store.close();
    }
  };

  const json = async <T>(...argv: string[]): Promise<T> => {
    const run = await runCli(env, ...argv, '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(run.stdout) as T;
  };

  it('project create, key create, project jwt and key revoke write to the cluster; the keys authenticate there', async () => {
    const { projectId, serverKey } = await json<{ projectId: string; serverKey: string }>(
      'project',
      'create',
      '--name',
      'Cluster shop',
    );
    const { key } = await json<{ key: string }>(
      'key',
      'create',
      '--project',
      projectId,
      '--kind',
      'server',
      '--scopes',
      'wallets.read',
    );
    await json('project', 'jwt', '--project', projectId, '--jwt-secret', 'a-shared-secret-of-forty-characters-long');

    await onCluster(async (platform) => {
      expect(await platform.apiKeys.authenticate(serverKey)).toMatchObject({
        outcome: 'authenticated',
        apiKey: { projectId },
      });
      expect(await platform.apiKeys.authenticate(key)).toMatchObject({
        outcome: 'authenticated',
        apiKey: { scopes: ['wallets.read'] },
      });
      // Sealed with the deployment's key: an instance opens it.
      const project = await platform.projects.require(projectId);
      expect(project.jwt?.type).toBe('hs256');
    });

    const listed = await json<{ prefix: string; status: string }[]>('key', 'list', '--project', projectId);
    expect(listed).toHaveLength(3);
    await json('key', 'revoke', '--project', projectId, '--key-prefix', key.slice(0, 'sk_staging_'.length + 8));
    await onCluster(async (platform) =>
      expect(await platform.apiKeys.authenticate(key)).toMatchObject({ outcome: 'revoked' }),
    );
    expect(await json<{ name: string }[]>('project', 'list')).toEqual([
      expect.objectContaining({ projectId, name: 'Cluster shop' }),
    ]);
    expect(existsSync(join(env['DATA_DIR']!, EVENTS_FILE_NAME))).toBe(false);
  });

  it("needs the deployment SECRETS_KEY to seal on the cluster (a generated key file would be this DATA_DIR's alone)", async () => {
    const { projectId } = await json<{ projectId: string }>('project', 'create', '--name', 'Shop');
    const { SECRETS_KEY: _, ...withoutKey } = env;
    const run = await runCli(
      withoutKey,
      'project',
      'jwt',
      '--project',
      projectId,
      '--jwt-secret',
      'a-shared-secret-of-forty-characters-long',
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/SECRETS_KEY is required/);
    expect(existsSync(join(env['DATA_DIR']!, 'secrets.key'))).toBe(false);
  });

  it('projections status and rebuild work on the instance read models beside it, at the cluster positions', async () => {
    const head = await onCluster(async (platform, store) => {
      await platform.provisionProject(
        { name: 'Shop', environment: 'staging', jwt: null },
        { actor: { type: 'cli', id: 'test' } },
      );
      const db = openReadModelDatabase(readModelDatabasePath(env['DATA_DIR']!));
      const runner = new ProjectionRunner({ store, db, projections: readModelProjections() });
      try {
        await runner.start();
        const position = await store.headPosition();
        expect(await runner.waitFor(position, 20_000)).toBe(true);
        return position;
      } finally {
        await runner.stop();
        db.close();
      }
    });
    const statuses = await json<
      { name: string; state: string; checkpoint: string; headPosition: string; lag: string }[]
    >('projections', 'status');
    expect(statuses.map((status) => status.name)).toEqual(readModelProjections().map((projection) => projection.name));
    for (const status of statuses)
      expect(status).toMatchObject({ state: 'live', headPosition: String(head), lag: '0' });

    const rebuild = await runCli(env, 'projections', 'rebuild', 'wallets', '--json');
    expect(rebuild.code).toBe(0);
    expect(rebuild.stderr).toContain(`wallets: rebuilt to position ${head.toLocaleString('en-US')}`);
    expect(JSON.parse(rebuild.stdout)).toEqual([
      { name: 'wallets', position: String(head), seconds: expect.any(Number) },
    ]);
  });

  it('report reconciliation reads the cluster through the instance read model', async () => {
    const paid = new OrderHistory({
      orderId: 'cluster-order',
      projectId: 'project-a',
      kind: 'onramp',
      createdAt: '2026-07-01T10:00:00.000Z',
      amount: '12',
      fee: '0.5',
      chain: 'solana',
    });
    await onCluster((_, store) =>
      store.appendToStream('cli-report-seed', [
        paid.created(),
        paid.paid('2026-07-01T10:01:00.000Z'),
        paid.deliveryStarted('2026-07-01T10:02:00.000Z'),
        paid.deliveryCompleted('2026-07-01T10:03:00.000Z'),
      ]),
    );
    const run = await runCli(env, 'report', 'reconciliation', '--from', '2026-07-01', '--to', '2026-07-01');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout).totals).toEqual([expect.objectContaining({ orders: 1, receivedAmount: '12' })]);
    expect(existsSync(join(env['DATA_DIR']!, EVENTS_FILE_NAME))).toBe(false);
  });

  it.each([
    [{ EVENTSTORE_CONNECTION_STRING: '' }, /EVENT_STORE=esdb needs EVENTSTORE_CONNECTION_STRING/],
    [
      { EVENTSTORE_CONNECTION_STRING: 'http://localhost:2113' },
      /must be an esdb:\/\/ or esdb\+discover:\/\/ connection string/,
    ],
    [{ EVENT_STORE: 'memory' }, /EVENT_STORE=memory: the CLI works on a durable store/],
    [{ EVENT_STORE: 'postgres' }, /EVENT_STORE must be sqlite or esdb, not postgres/],
  ])('refuses %j with exit code 2', async (override, message) => {
    const run = await runCli({ ...env, ...override }, 'project', 'list');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
