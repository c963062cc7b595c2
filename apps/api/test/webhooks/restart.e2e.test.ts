import { type Platform } from '@paykit/platform';
import { type RunningApp, createApp } from '../../src/app.js';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { fetchJson } from '../support/http-client.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';
import { pollUntil } from '../wallets/wallet-server.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const CLI = { actor: { type: 'cli' as const, id: 'webhook-tests' } };
const ENDPOINTS = '/2025-06-09/webhooks/endpoints';

/** Pending deliveries live in DATA_DIR/webhooks.db with the outbox checkpoint: a restart resumes them. */
describe('webhook deliveries across restarts', () => {
  let dir: TempDir;
  let receiver: WebhookReceiver;
  let app: RunningApp | null = null;

  const start = async (delivery: 'inprocess' | 'off') => {
    app = await createApp({
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
      },
    });
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = null;
  };

  beforeAll(async () => {
    dir = await makeTempDir();
    receiver = await WebhookReceiver.start();
  });
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
});
