import { hkdfSync } from 'node:crypto';
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '@paykit/event-store';
import { ManualClock } from '@paykit/kernel';
import { encryptionKey, open } from '@paykit/providers';
import { webhookEndpointStreamName } from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import { AppSecrets } from '../../src/infrastructure/secrets/app-secrets.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from '../wallets/wallet-server.js';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier.js';
import { type ReceivedRequest, WebhookReceiver } from './support/webhook-receiver.js';

const ENDPOINTS = '/2025-06-09/webhooks/endpoints';
const GRACE_MS = 3_600_000;
const REQUEST_TIMEOUT_MS = 500;

/**
 * Rules of webhook delivery and endpoints that the other suites do not pin down (found by
 * mutation testing, docs/testing.md): only a 2xx delivers, an endpoint that does not answer in
 * time fails the attempt, the previous secret stops signing at the very end of its grace, every
 * request names its sender, a signing secret is stored sealed under the key derived for endpoint
 * secrets, and only a replayed write says it was replayed.
 * The server's clock is the test's, so retries never come due on their own.
 */
describe('webhook delivery and endpoint rules', () => {
  let api: WalletServer;
  let project: TestProject;
  let receiver: WebhookReceiver;
  let plain: { server: Server; url: string; held: ServerResponse[] };
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    plain = await startPlainServer();
    api = await startWalletServer({
      clock,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: 20,
        WEBHOOK_REQUEST_TIMEOUT_MS: REQUEST_TIMEOUT_MS,
        WEBHOOK_SECRET_ROTATION_GRACE_MS: GRACE_MS,
        AGENT_CHECKOUT_RUNNER: 'off',
        AGENT_CHECKOUT_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    project = await api.project();
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
    for (const response of plain?.held ?? []) response.destroy();
    await new Promise((resolve) => plain?.server.close(resolve));
  });

  const call = (method: string, path: string, body?: unknown) =>
    api.call(project.serverKey, method, path, body, { 'x-service-user-id': 'rules' });
  const endpointFor = async (url: string) => {
    const created = await call('POST', ENDPOINTS, { url, eventTypes: ['agent-checkouts.run.updated'] });
    expect(created.status).toBe(201);
    return created.body as { id: string; secret: string };
  };
  /** Raises an event for every endpoint of the project: a new run's first update. */
  const newRun = async (): Promise<string> => {
    const run = await call('POST', '/unstable/agent-checkouts', {
      constraints: { maxCost: { amount: '5', currency: 'USD' } },
      request: { startUrl: 'http://127.0.0.1:9/products/mug' },
    });
    expect(run.status).toBe(202);
    return run.body.runId as string;
  };
  const deliveryOf = async (path: string, runId: string): Promise<ReceivedRequest> => {
    const ofRun = () => receiver.requests.find((request) => request.path === path && request.body.includes(runId));
    await receiver.until(() => ofRun() !== undefined);
    return ofRun()!;
  };
  const firstAttemptAt = (endpointId: string) =>
    pollUntil(
      () => call('GET', `${ENDPOINTS}/${endpointId}/deliveries`),
      (response) => response.body.data?.[0]?.lastAttempt != null,
    ).then((response) => response.body.data[0]);

  it('counts a 3xx answer as a failed attempt, like any answer outside 2xx: the delivery stays pending', async () => {
    const endpoint = await endpointFor(`${plain.url}/moved`);
    await newRun();
    expect(await firstAttemptAt(endpoint.id)).toMatchObject({
      status: 'pending',
      lastAttempt: { statusCode: 300, outcome: 'failed' },
    });
  });

  it('backs off by the attempts of the cycle: the wait after a second failure is at least the longest after the first', async () => {
    const endpoint = await endpointFor(`${plain.url}/moved-twice`);
    await newRun();
    const failedTimes = (count: number) =>
      pollUntil(
        () => call('GET', `${ENDPOINTS}/${endpoint.id}/deliveries`),
        (response) => response.body.data?.[0]?.attemptCount === count,
      ).then((response) => response.body.data[0]);
    const waitAfter = (delivery: { nextAttemptAt: string }) =>
      Date.parse(delivery.nextAttemptAt) - clock.now().getTime();
    const first = waitAfter(await failedTimes(1));
    // WEBHOOK_RETRY_BASE_MS is 30 s: the first wait is 15 to 30 s, the second 30 to 60 s.
    expect(first).toBeGreaterThanOrEqual(15_000);
    expect(first).toBeLessThanOrEqual(30_000);
    clock.advance(first);
    const second = waitAfter(await failedTimes(2));
    expect(second).toBeGreaterThanOrEqual(30_000);
    expect(second).toBeLessThanOrEqual(60_000);
  });

  it('fails an attempt the endpoint does not answer within WEBHOOK_REQUEST_TIMEOUT_MS, saying so', async () => {
    const endpoint = await endpointFor(`${plain.url}/silent`);
    await newRun();
    expect(await firstAttemptAt(endpoint.id)).toMatchObject({
      status: 'pending',
      lastAttempt: { statusCode: null, outcome: 'failed', error: `No answer within ${REQUEST_TIMEOUT_MS} ms` },
    });
  });

  it('names itself and the body type on every request', async () => {
    const endpoint = await endpointFor(receiver.url('/named'));
    receiver.trust('/named', endpoint.secret);
    const request = await deliveryOf('/named', await newRun());
    expect(request.headers['user-agent']).toBe('paykit-webhooks/1');
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('stops signing with the previous secret at the exact end of its grace', async () => {
    const endpoint = await endpointFor(receiver.url('/boundary'));
    const rotated = await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    clock.advance(GRACE_MS);
    const request = await deliveryOf('/boundary', await newRun());
    const signedBy = (secret: string) =>
      verifyStandardWebhook(secret, request.headers, request.body, clock.now().getTime());
    expect([signedBy(rotated.body.secret), signedBy(endpoint.secret)]).toEqual([true, false]);
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('marks a write replayed only when it is one: a first create or rotation answers without x-idempotent-replayed', async () => {
    const body = { url: receiver.url('/keyed'), eventTypes: ['agent-checkouts.run.updated'] };
    const keyed = (path: string, key: string, payload?: unknown) =>
      api.call(project.serverKey, 'POST', path, payload, { 'x-idempotency-key': key });
    const created = await keyed(ENDPOINTS, 'rules-create', body);
    const replayed = await keyed(ENDPOINTS, 'rules-create', body);
    expect([created.status, created.headers.get('x-idempotent-replayed')]).toEqual([201, null]);
    expect([replayed.status, replayed.headers.get('x-idempotent-replayed')]).toEqual([201, 'true']);
    const rotated = await keyed(`${ENDPOINTS}/${created.body.id}/rotate-secret`, 'rules-rotate');
    expect([rotated.status, rotated.headers.get('x-idempotent-replayed')]).toEqual([200, null]);
  });

  it('stores the signing secret only sealed, under the key derived for endpoint secrets and bound to its endpoint', async () => {
    const endpoint = await endpointFor(receiver.url('/sealed'));
    const other = await endpointFor(receiver.url('/sealed-other'));
    const store = api.server.app.get<EventStore>(EVENT_STORE);
    const events = [];
    for await (const event of store.readStream(webhookEndpointStreamName(endpoint.id))) events.push(event);
    expect(JSON.stringify(events.map((event) => event.data))).not.toContain(endpoint.secret.replace(/^whsec_/, ''));
    const sealed = Buffer.from((events[0]?.data as { sealedSecret: string }).sealedSecret, 'base64url');

    // The documented derivation, computed here: HKDF-SHA256 of the secrets key, empty salt.
    const root = api.server.app.get(AppSecrets).rootKey();
    const key = encryptionKey(
      Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), 'paykit:webhooks:endpoint-secrets:v1', 32)),
    );
    if (E.isLeft(key)) throw new Error(key.left.message);
    expect(open(key.right, sealed, webhookEndpointStreamName(endpoint.id))?.toString('utf8')).toBe(endpoint.secret);
    expect(open(key.right, sealed, webhookEndpointStreamName(other.id))).toBeNull();
  });
});

/** An HTTP server that answers 300 on /moved... and never answers on /silent. */
const startPlainServer = async () => {
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/moved')) response.writeHead(300, { location: '/elsewhere' }).end();
    else held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, held, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
