import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { EventStore } from '@paykit/event-store';
import { ManualClock } from '@paykit/kernel';
import { type Platform } from '@paykit/platform';
import { webhookDeliveryStream } from '@paykit/webhooks';
import { type CreateAppOptions, type RunningApp, createApp } from '../../src/app.js';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { fetchJson } from '../support/http-client.js';
import { captureLogs } from '../support/log-capture.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';
import { pollUntil } from '../wallets/wallet-server.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const CLI = { actor: { type: 'cli' as const, id: 'webhook-tests' } };

/** Resolves once `done` holds, checked every 25 ms, or after `timeoutMs` (the assertion after it then fails). */
const until = async (done: () => boolean, timeoutMs = 10_000): Promise<void> => {
  for (let waited = 0; !done() && waited < timeoutMs; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
};
const ENDPOINTS = '/2025-06-09/webhooks/endpoints';

/** An HTTP server that never answers: it holds each request (its path and response) until closed. */
const startSilentServer = async () => {
  const held: { path: string; response: ServerResponse }[] = [];
  const server = createServer((request, response) => held.push({ path: request.url ?? '', response }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    held,
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: async () => {
      for (const { response } of held) response.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
type SilentServer = Awaited<ReturnType<typeof startSilentServer>>;

/** Pending deliveries live in DATA_DIR/webhooks.db with the outbox checkpoint: a restart resumes them. */
describe('webhook deliveries across restarts', () => {
  let dir: TempDir;
  let receiver: WebhookReceiver;
  let app: RunningApp | null = null;

  const start = async (
    delivery: 'inprocess' | 'off',
    options: Pick<CreateAppOptions, 'env' | 'logDestination' | 'clock'> = {},
  ) => {
    app = await createApp({
      logDestination: options.logDestination,
      clock: options.clock,
      env: {
        PORT: 0,
        HOST: '127.0.0.1',
        DATA_DIR: dir.path,
        LOG_LEVEL: 'silent',
        WEBHOOK_DELIVERY: delivery,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: 20,
        AGENT_CHECKOUT_RUNNER: 'off',
        AGENT_CHECKOUT_ALLOWED_HOSTS: '127.0.0.1',
        ...options.env,
      },
    });
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = null;
  };
  /** A project on the running app, and a call as its server key. */
  const projectOn = async (running: RunningApp, name: string) => {
    const key = (await running.app.get<Platform>(PLATFORM).provisionProject({ name, environment: 'staging' }, CLI))
      .serverKey;
    return (on: RunningApp, method: string, path: string, body?: unknown) =>
      fetchJson(`${on.baseUrl}${path}`, { method, body, headers: { 'x-api-key': key, 'x-service-user-id': 'alice' } });
  };
  const RUN = {
    constraints: { maxCost: { amount: '50', currency: 'USD' } },
    request: { startUrl: 'http://127.0.0.1:9/products/mug' },
  };
  /** A first server with one delivery under way to `silent` (WEBHOOK_REQUEST_TIMEOUT_MS is 15 s). */
  const oneAttemptUnderWay = async (silent: SilentServer, name: string) => {
    const first = await start('inprocess');
    const call = await projectOn(first, name);
    const endpoint = (
      await call(first, 'POST', ENDPOINTS, { url: silent.url('/hooks'), eventTypes: ['agent-checkouts.run.updated'] })
    ).body;
    expect((await call(first, 'POST', '/unstable/agent-checkouts', RUN)).status).toBe(202);
    await until(() => silent.held.length > 0);
    expect(silent.held).toHaveLength(1);
    return { first, call, endpoint };
  };

  beforeAll(async () => {
    dir = await makeTempDir();
    receiver = await WebhookReceiver.start();
  });
  // Each test's last server stops with it: two servers on one DATA_DIR would both send.
  afterEach(stop);
  afterAll(async () => {
    await stop();
    await receiver.close();
    await dir.remove();
  });

  it('sends after a restart what was queued before it, once', async () => {
    const first = await start('off');
    const platform = first.app.get<Platform>(PLATFORM);
    const key = (await platform.provisionProject({ name: 'Restart', environment: 'staging' }, CLI)).serverKey;
    const call = (running: RunningApp, method: string, path: string, body?: unknown) =>
      fetchJson(`${running.baseUrl}${path}`, {
        method,
        body,
        headers: { 'x-api-key': key, 'x-service-user-id': 'alice' },
      });

    const endpoint = (
      await call(first, 'POST', ENDPOINTS, { url: receiver.url('/hooks'), eventTypes: ['agent-checkouts.run.updated'] })
    ).body;
    receiver.trust('/hooks', endpoint.secret);
    const run = await call(first, 'POST', '/unstable/agent-checkouts', {
      constraints: { maxCost: { amount: '50', currency: 'USD' } },
      request: { startUrl: 'http://127.0.0.1:9/products/mug' },
    });
    expect(run.status).toBe(202);
    const queued = await call(first, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`);
    expect(queued.body.data).toEqual([
      expect.objectContaining({ eventType: 'agent-checkouts.run.updated', status: 'pending', attemptCount: 0 }),
    ]);
    await stop();
    expect(receiver.requests).toEqual([]);

    const second = await start('inprocess');
    await receiver.until(() => receiver.handled.length === 1);
    expect(receiver.handled[0]).toMatchObject({
      id: queued.body.data[0].messageId,
      data: { runId: run.body.runId, status: 'queued' },
    });
    expect(receiver.requests.every((request) => request.verified)).toBe(true);
    // The outcome is recorded after the receiver answered: the log shows it once recorded.
    const delivered = await pollUntil(
      () => call(second, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`),
      (response) => response.body.data[0]?.status !== 'pending',
    );
    expect(delivered.body.data[0]).toMatchObject({ status: 'delivered', attemptCount: 1 });
    await stop();

    // A third start finds nothing left to send: no duplicate.
    const third = await start('inprocess');
    const again = await call(third, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`);
    expect(again.body.data).toEqual([expect.objectContaining({ status: 'delivered', attemptCount: 1 })]);
    expect(receiver.requests).toHaveLength(1);
  }, 30_000);
  it('sends nothing while WEBHOOK_DELIVERY is off, then each message as its resource was at its event', async () => {
    const own = await WebhookReceiver.start();
    try {
      const first = await start('off');
      const call = await projectOn(first, 'Snapshots');
      const endpoint = (
        await call(first, 'POST', ENDPOINTS, {
          url: own.url('/snapshots'),
          eventTypes: ['agent-checkouts.run.updated'],
        })
      ).body;
      own.trust('/snapshots', endpoint.secret);
      const run = await call(first, 'POST', '/unstable/agent-checkouts', RUN);
      expect(run.status).toBe(202);
      expect((await call(first, 'POST', `/unstable/agent-checkouts/${run.body.runId}/cancel`)).status).toBe(202);
      const queued = await pollUntil(
        () => call(first, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`),
        (response) => response.body.data?.length === 2,
      );
      expect(queued.body.data).toEqual([
        expect.objectContaining({ status: 'pending', attemptCount: 0 }),
        expect.objectContaining({ status: 'pending', attemptCount: 0 }),
      ]);
      // Dozens of WEBHOOK_POLL_MS cycles: a worker that ran would have sent both by now.
      await expect(own.until(() => own.requests.length > 0, 500)).rejects.toThrow();
      await stop();

      // Both are rendered after the run was cancelled: each shows the run at its own event.
      await start('inprocess');
      await own.until(() => own.handled.length === 2);
      expect(own.handled.map((event) => event.data['status']).sort()).toEqual(['cancelled', 'queued']);
    } finally {
      await stop();
      await own.close();
    }
  }, 30_000);

  it('counts an attempt cut short by shutdown for nothing: after a restart the delivery has no attempt', async () => {
    const silent = await startSilentServer();
    try {
      const { call, endpoint } = await oneAttemptUnderWay(silent, 'Interrupted');
      // The request is under way when the server stops.
      await stop();

      const second = await start('off');
      const deliveries = await call(second, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`);
      expect(deliveries.body.data).toEqual([
        expect.objectContaining({ status: 'pending', attemptCount: 0, lastAttempt: null }),
      ]);
    } finally {
      await stop();
      await silent.close();
    }
  }, 30_000);
  it('sends nothing when the secret does not open under the deployment’s key, and logs which message and why', async () => {
    const own = await WebhookReceiver.start();
    // The development key file the server makes in DATA_DIR (no SECRETS_KEY is set), put back after.
    const keyFile = join(dir.path, 'secrets.key');
    let original: Buffer | null = null;
    try {
      const first = await start('off');
      const call = await projectOn(first, 'Changed key');
      const endpoint = (
        await call(first, 'POST', ENDPOINTS, { url: own.url('/rekeyed'), eventTypes: ['agent-checkouts.run.updated'] })
      ).body;
      // Written on first use: sealing the endpoint's secret used it.
      original = readFileSync(keyFile);
      own.trust('/rekeyed', endpoint.secret);
      expect((await call(first, 'POST', '/unstable/agent-checkouts', RUN)).status).toBe(202);
      const queued = await pollUntil(
        () => call(first, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`),
        (response) => response.body.data?.length === 1,
      );
      await stop();

      // Restarted with another secrets key than the one the endpoint's secret was sealed with.
      writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`);
      const logs = captureLogs();
      await start('inprocess', { env: { LOG_LEVEL: 'warn' }, logDestination: logs.destination });
      const expected = `Webhook delivery ${queued.body.data[0].messageId} could not be attempted: A webhook secret does not open with this deployment’s key`;
      await until(() => logs.text().includes(expected));
      expect(logs.lines.map((line) => line['msg'])).toContain(expected);
      expect(own.requests).toEqual([]);
    } finally {
      await stop();
      if (original) writeFileSync(keyFile, original);
      await own.close();
    }
  }, 30_000);
  it('claims nothing once shutdown begins: what waited for a free slot is sent at the next start, at once', async () => {
    const silent = await startSilentServer();
    const { held } = silent;
    try {
      const first = await start('inprocess', { env: { WEBHOOK_CONCURRENCY: 1 } });
      const call = await projectOn(first, 'Draining');
      const endpoints: { id: string }[] = [];
      for (const path of ['/a', '/b'])
        endpoints.push(
          (await call(first, 'POST', ENDPOINTS, { url: silent.url(path), eventTypes: ['agent-checkouts.run.updated'] }))
            .body,
        );
      expect((await call(first, 'POST', '/unstable/agent-checkouts', RUN)).status).toBe(202);
      await until(() => held.length > 0);
      // One request is under way (WEBHOOK_REQUEST_TIMEOUT_MS is 15 s), the other waits for its slot.
      expect(held).toHaveLength(1);
      await stop();

      // The waiting delivery was never claimed in its shared stream: no lease holds it back.
      const second = await start('off');
      const store = second.app.get<EventStore>(EVENT_STORE);
      const claimEvents: number[] = [];
      for (const endpoint of endpoints) {
        const [delivery] = (await call(second, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`)).body.data;
        expect(delivery).toMatchObject({ status: 'pending', attemptCount: 0 });
        let count = 0;
        for await (const event of store.readStream(
          webhookDeliveryStream({ endpointId: endpoint.id, messageId: delivery.messageId }),
        ))
          count += event.type === 'WebhookAttemptStarted' ? 1 : 0;
        claimEvents.push(count);
      }
      expect(claimEvents.sort()).toEqual([0, 1]);
      await stop();

      await start('inprocess', { env: { WEBHOOK_CONCURRENCY: 2 } });
      await until(() => held.length >= 3);
      // Both again: the interrupted one was given back, the waiting one never taken.
      expect(
        held
          .slice(1)
          .map((request) => request.path)
          .sort(),
      ).toEqual(['/a', '/b']);
    } finally {
      await stop();
      await silent.close();
    }
  }, 30_000);
  it('logs which delivery could not be claimed and why when the store is unavailable', async () => {
    const clock = new ManualClock(new Date());
    const logs = captureLogs();
    const running = await start('inprocess', { clock, env: { LOG_LEVEL: 'warn' }, logDestination: logs.destination });
    const call = await projectOn(running, 'Store gone');
    // A port nothing listens on: the first attempt fails, and its retry comes due on the test's clock.
    const unused = createServer();
    await new Promise<void>((resolve) => unused.listen(0, '127.0.0.1', resolve));
    const port = (unused.address() as AddressInfo).port;
    await new Promise((resolve) => unused.close(resolve));
    const endpoint = (
      await call(running, 'POST', ENDPOINTS, {
        url: `http://127.0.0.1:${port}/hooks`,
        eventTypes: ['agent-checkouts.run.updated'],
      })
    ).body;
    expect((await call(running, 'POST', '/unstable/agent-checkouts', RUN)).status).toBe(202);
    const failed = await pollUntil(
      () => call(running, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`),
      (response) => response.body.data?.[0]?.attemptCount === 1,
    );
    const [delivery] = failed.body.data;
    expect(delivery).toMatchObject({ status: 'pending', lastAttempt: { outcome: 'failed' } });

    await running.app.get<EventStore>(EVENT_STORE).close();
    clock.advance(Date.parse(delivery.nextAttemptAt) - clock.now().getTime() + 1);
    const prefix = `Webhook delivery ${delivery.messageId} could not be claimed: `;
    const claimFailure = () =>
      logs.lines.map((line) => String(line['msg'])).find((message) => message.startsWith(prefix));
    await until(() => claimFailure() !== undefined);
    expect(claimFailure()).toBe(`${prefix}The event store is closed`);
  }, 30_000);
  it('waits out a claim a stopped instance could not give back, then sends at once', async () => {
    const silent = await startSilentServer();
    const { held } = silent;
    try {
      const { first, call, endpoint } = await oneAttemptUnderWay(silent, 'Left claimed');
      // The store goes first: the attempt cut short by the shutdown cannot give its claim back.
      await first.app.get<EventStore>(EVENT_STORE).close();
      await stop();

      const second = await start('off');
      const [delivery] = (await call(second, 'GET', `${ENDPOINTS}/${endpoint.id}/deliveries`)).body.data;
      expect(delivery).toMatchObject({ status: 'pending', attemptCount: 0 });
      let leaseExpiresAt = '';
      for await (const event of second.app
        .get<EventStore>(EVENT_STORE)
        .readStream(webhookDeliveryStream({ endpointId: endpoint.id, messageId: delivery.messageId })))
        if (event.type === 'WebhookAttemptStarted')
          leaseExpiresAt = (event.data as { leaseExpiresAt: string }).leaseExpiresAt;
      expect(leaseExpiresAt).not.toBe('');
      await stop();

      // Started on a clock five seconds before the claim's lease ends: no other instance may send it yet.
      const clock = new ManualClock(new Date(Date.parse(leaseExpiresAt) - 5_000));
      await start('inprocess', { clock });
      // Many WEBHOOK_POLL_MS passes, each refused by the claim.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(held).toHaveLength(1);
      // Once the lease has ended, the next pass sends it: the refusal said when to look again.
      clock.advance(5_001);
      await until(() => held.length > 1);
      expect(held).toHaveLength(2);
    } finally {
      await stop();
      await silent.close();
    }
  }, 30_000);
});
