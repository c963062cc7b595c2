import { hkdfSync, randomUUID } from 'node:crypto';
import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventStore } from '@paykit/event-store';
import { ManualClock } from '@paykit/kernel';
import { encryptionKey, open } from '@paykit/providers';
import { webhookEndpointStreamName } from '@paykit/webhooks';
import * as E from 'fp-ts/lib/Either.js';
import { AppSecrets } from '../../src/infrastructure/secrets/app-secrets.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { EndpointUrlGuard } from '../../src/webhooks/delivery/endpoint-url-guard.js';
import { EndpointSecrets } from '../../src/webhooks/endpoints/endpoint-secrets.js';
import { WebhookEndpoints } from '../../src/webhooks/endpoints/webhook-endpoints.js';
import { WebhooksOutbox } from '../../src/webhooks/outbox/webhooks-outbox.js';
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from '../wallets/wallet-server.js';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier.js';
import { type ReceivedRequest, WebhookReceiver } from './support/webhook-receiver.js';

const ENDPOINTS = '/2025-06-09/webhooks/endpoints';
const GRACE_MS = 3_600_000;
const REQUEST_TIMEOUT_MS = 500;
const CONCURRENCY = 2;
/** The sender reads no more of an answer than this. */
const MAX_ANSWER_BYTES = 1_048_576;

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
  let plain: Awaited<ReturnType<typeof startPlainServer>>;
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
        WEBHOOK_CONCURRENCY: CONCURRENCY,
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
    for (const response of [...(plain?.held ?? []), ...(plain?.open ?? [])]) response.destroy();
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
    const { status, lastAttempt } = await firstAttemptAt(endpoint.id);
    expect({ status, lastAttempt }).toMatchObject({
      status: 'pending',
      lastAttempt: { statusCode: 300, outcome: 'failed' },
    });
    // An answered attempt took less than its time limit, or it would have been cut off.
    expect(lastAttempt.durationMs).toBeGreaterThanOrEqual(0);
    expect(lastAttempt.durationMs).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
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
  it('sends at most WEBHOOK_CONCURRENCY requests at a time, taking the next due delivery as one ends', async () => {
    const own = await api.project('Concurrency');
    const ownCall = (method: string, path: string, body?: unknown) =>
      api.call(own.serverKey, method, path, body, { 'x-service-user-id': 'rules' });
    const endpoints = 5;
    for (let index = 0; index < endpoints; index++) {
      const created = await ownCall('POST', ENDPOINTS, {
        url: `${plain.url}/held/${index}`,
        eventTypes: ['agent-checkouts.run.updated'],
      });
      expect(created.status).toBe(201);
    }
    const run = await ownCall('POST', '/unstable/agent-checkouts', {
      constraints: { maxCost: { amount: '5', currency: 'USD' } },
      request: { startUrl: 'http://127.0.0.1:9/products/mug' },
    });
    expect(run.status).toBe(202);
    for (let waited = 0; plain.othersOpenOnArrival.length < endpoints && waited < 10_000; waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(plain.othersOpenOnArrival).toHaveLength(endpoints);
    // Each request arrived with at most WEBHOOK_CONCURRENCY - 1 others still unanswered.
    expect(Math.max(...plain.othersOpenOnArrival)).toBeLessThanOrEqual(CONCURRENCY - 1);
  });

  it('fails an attempt whose answer is larger than the sender reads, saying so', async () => {
    const endpoint = await endpointFor(`${plain.url}/large`);
    await newRun();
    expect(await firstAttemptAt(endpoint.id)).toMatchObject({
      status: 'pending',
      lastAttempt: {
        statusCode: null,
        outcome: 'failed',
        error: `Request failed: The answer is larger than ${MAX_ANSWER_BYTES} bytes`,
      },
    });
  });

  it('checks the URL again before each attempt: a host that no longer resolves fails the attempt, saying so', async () => {
    // A name that does not resolve is accepted when saved (it may resolve by the first attempt).
    const endpoint = await endpointFor('http://hooks.invalid/paykit');
    await newRun();
    const delivery = await firstAttemptAt(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', lastAttempt: { statusCode: null, outcome: 'failed' } });
    // Offline resolvers answer at once; one that hangs is given up at the request's time limit.
    expect(delivery.lastAttempt.error).toMatch(
      /^URL refused: The host (hooks\.invalid does not resolve|did not resolve in time)$/,
    );
  });

  it('refuses a host name that resolves to a private address when the endpoint is saved', async () => {
    const created = await call('POST', ENDPOINTS, {
      url: 'http://localhost:8080/hooks',
      eventTypes: ['agent-checkouts.run.updated'],
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('url: The host localhost resolves to a loopback address');
  });

  it('gives up resolving a host once the caller stops waiting: the URL counts as unresolvable', async () => {
    const guard = api.server.app.get(EndpointUrlGuard);
    const url = 'http://localhost:8080/hooks';
    const unresolvable = E.left({
      kind: 'invalid',
      code: 'url_not_allowed',
      message: 'The host did not resolve in time',
      parameters: { reason: 'unresolvable' },
    });
    expect(await guard.check(url, AbortSignal.abort())).toEqual(unresolvable);
    const caller = new AbortController();
    const checking = guard.check(url, caller.signal);
    caller.abort();
    expect(await checking).toEqual(unresolvable);
    // Given the time, the same name resolves, to a loopback address, and is refused for that.
    expect(await guard.check(url, new AbortController().signal)).toMatchObject(
      E.left({ parameters: { reason: 'address_not_allowed', category: 'loopback' } }),
    );
  });

  it('completes an endpoint write only once the outbox shows it, so the answer is read back at once', async () => {
    const own = await api.project('Read your writes');
    const secrets = api.server.app.get(EndpointSecrets);
    const endpointId = randomUUID();
    const context = {
      projectId: own.projectId,
      actor: { type: 'cli' as const, id: 'rules' },
      correlationId: endpointId,
    };
    await api.server.app.get(WebhookEndpoints).write(context, endpointId, {
      type: 'CreateWebhookEndpoint',
      data: {
        endpointId,
        projectId: own.projectId,
        url: `${plain.url}/moved-outboxed`,
        eventTypes: ['agent-checkouts.run.updated'],
        description: null,
        sealedSecret: secrets.seal(secrets.generate(), endpointId),
        requestFingerprint: 'read-your-writes',
        at: clock.now().toISOString(),
      },
    });
    // Read at once, without yielding: the projection has had no turn since the write completed.
    const row = api.server.app
      .get(WebhooksOutbox)
      .db.prepare('SELECT endpoint_id AS id FROM webhook_endpoints WHERE endpoint_id = ?')
      .get(endpointId);
    expect(row).toEqual({ id: endpointId });
  });

  it('opens a sealed secret only for its own endpoint, and shows no key when serialized', async () => {
    const secrets = api.server.app.get(EndpointSecrets);
    const sealed = secrets.seal('whsec_c2VjcmV0', 'endpoint-a');
    expect(secrets.open(sealed, 'endpoint-a')).toBe('whsec_c2VjcmV0');
    expect(() => secrets.open(sealed, 'endpoint-b')).toThrow(
      new Error('A webhook secret does not open with this deployment’s key'),
    );
    expect(JSON.stringify({ secrets })).toBe('{"secrets":"EndpointSecrets"}');
  });
});

/**
 * An HTTP server that answers 300 on /moved..., a 200 one byte over what the sender reads on
 * /large, holds each request to /held... a while before its 200 (the first one briefly, so its
 * slot frees while the others are held), noting how many others it held when each arrived, and
 * never answers on /silent.
 */
const startPlainServer = async () => {
  const held: ServerResponse[] = [];
  const open = new Set<ServerResponse>();
  const othersOpenOnArrival: number[] = [];
  const server = createServer((request, response) => {
    if (request.url?.startsWith('/moved')) response.writeHead(300, { location: '/elsewhere' }).end();
    else if (request.url?.startsWith('/large'))
      response.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(MAX_ANSWER_BYTES + 1, 'a'));
    else if (request.url?.startsWith('/held')) {
      othersOpenOnArrival.push(open.size);
      open.add(response);
      response.on('close', () => open.delete(response));
      setTimeout(
        () => {
          open.delete(response);
          response.writeHead(200).end('ok');
        },
        othersOpenOnArrival.length === 1 ? 50 : 300,
      );
    } else held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, held, open, othersOpenOnArrival, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};
