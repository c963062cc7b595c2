import { ManualClock } from '@paykit/kernel';
import { type TestProject, type WalletServer, startWalletServer } from '../wallets/wallet-server.js';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier.js';
import { type ReceivedRequest, WebhookReceiver } from './support/webhook-receiver.js';

const ENDPOINTS = '/2025-06-09/webhooks/endpoints';
const GRACE_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Secret rotation on real deliveries, with the server's clock in the test's hands: after a
 * rotation both secrets sign for WEBHOOK_SECRET_ROTATION_GRACE_MS, then only the new one. The
 * signatures are checked with a Standard Webhooks verifier written from the specification, at
 * the server's time (the receiver's own check, at the wall clock, does not apply once the clock moves).
 */
describe('webhook secret rotation on real deliveries', () => {
  let api: WalletServer;
  let project: TestProject;
  let receiver: WebhookReceiver;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    api = await startWalletServer({
      clock,
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: 20,
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
  });

  const call = (method: string, path: string, body?: unknown) =>
    api.call(project.serverKey, method, path, body, { 'x-service-user-id': 'rotation' });
  /** Raises an event (a new run's first update) and answers the request that delivered it. */
  const deliveryOfNewEvent = async (path: string): Promise<ReceivedRequest> => {
    const run = await call('POST', '/unstable/agent-checkouts', {
      constraints: { maxCost: { amount: '5', currency: 'USD' } },
      request: { startUrl: 'http://127.0.0.1:9/products/mug' },
    });
    expect(run.status).toBe(202);
    const ofRun = () =>
      receiver.requests.find((request) => request.path === path && request.body.includes(run.body.runId));
    await receiver.until(() => ofRun() !== undefined);
    return ofRun()!;
  };
  const signedBy = (secret: string, request: ReceivedRequest) =>
    verifyStandardWebhook(secret, request.headers, request.body, clock.now().getTime());
  const signatureCount = (request: ReceivedRequest) => String(request.headers['webhook-signature']).split(' ').length;

  it('signs with the old and the new secret until the grace ends, then with the new one only', async () => {
    const created = await call('POST', ENDPOINTS, {
      url: receiver.url('/rotating'),
      eventTypes: ['agent-checkouts.run.updated'],
    });
    expect(created.status).toBe(201);
    const old = created.body.secret as string;
    const before = await deliveryOfNewEvent('/rotating');
    expect(signedBy(old, before)).toBe(true);
    expect(signatureCount(before)).toBe(1);

    const rotated = await call('POST', `${ENDPOINTS}/${created.body.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const current = rotated.body.secret as string;
    expect(current).not.toBe(old);

    const rightAfter = await deliveryOfNewEvent('/rotating');
    expect([signedBy(current, rightAfter), signedBy(old, rightAfter), signatureCount(rightAfter)]).toEqual([
      true,
      true,
      2,
    ]);

    clock.advance(GRACE_MS - MINUTE_MS);
    const lastMinute = await deliveryOfNewEvent('/rotating');
    expect([signedBy(current, lastMinute), signedBy(old, lastMinute), signatureCount(lastMinute)]).toEqual([
      true,
      true,
      2,
    ]);

    clock.advance(2 * MINUTE_MS);
    const afterGrace = await deliveryOfNewEvent('/rotating');
    expect([signedBy(current, afterGrace), signedBy(old, afterGrace), signatureCount(afterGrace)]).toEqual([
      true,
      false,
      1,
    ]);
  });
});
