/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { type TestProject, type WalletServer, pollUntil, startWalletServer } from '../wallets/wallet-server.js';
import { verifyStandardWebhook } from './support/standard-webhooks-verifier.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

const ENDPOINTS = '/2025-06-09/webhooks/endpoints';
const WALLETS = '/2025-06-09/wallets';

/**
 * The Must-show of issue 8: a receiver on 127.0.0.1 verifies every signature with its own
 * Standard Webhooks check, sees retries after failures, and dedupes by webhook-id, for real
 * domain events (a wallet transfer, an agent-checkout run) raised over HTTP.
 */
describe('webhook delivery to a receiver over HTTP', () => {
  let api: WalletServer;
  let project: TestProject;
  let receiver: WebhookReceiver;
  let endpoint: { id: string; secret: string };

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.call(project.serverKey, method, path, body, headers);
  const deliveries = (endpointId: string, query = '') => call('GET', `${ENDPOINTS}/${endpointId}/deliveries${query}`);
  const handledOf = (type: string) => receiver.handled.filter((event) => event.type === type);
  const ofTransfer = (type: string, transferId: string) =>
    handledOf(type).filter((event) => event.data['transferId'] === transferId);

  /** A transfer between two new wallets of the given owners, once the receiver has handled both its events. */
  const transferBetween = async (payer: string, payee: string) => {
    const sender = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: `email:${payer}` })).body;
    const recipient = (await call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: `email:${payee}` })).body;
    await call('POST', `/v1-alpha2/wallets/${sender.address}/balances`, {
      amount: 10,
      token: 'usdc',
      chain: 'base-sepolia',
    });
    const sent = await call('POST', `${WALLETS}/${sender.address}/tokens/base-sepolia:usdc/transfers`, {
      recipient: recipient.address,
      amount: '2.5',
    });
    expect(sent.status).toBe(201);
    await receiver.until(
      () =>
        ofTransfer('wallets.transfer.out', sent.body.id).length === 1 &&
        ofTransfer('wallets.transfer.in', sent.body.id).length === 1,
    );
    return { sender, recipient, sent };
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    api = await startWalletServer({
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: 20,
        WEBHOOK_RETRY_BASE_MS: 40,
        WEBHOOK_RETRY_MAX_DELAY_MS: 160,
        WEBHOOK_RETRY_WINDOW_MS: 1_200,
        WEBHOOK_REQUEST_TIMEOUT_MS: 2_000,
        AGENT_CHECKOUT_RUNNER: 'off',
        AGENT_CHECKOUT_ALLOWED_HOSTS: '127.0.0.1',
      },
    });
    project = await api.project();
    const created = await call('POST', ENDPOINTS, {
      url: receiver.url('/hooks'),
      eventTypes: ['wallets.transfer.out', 'wallets.transfer.in', 'agent-checkouts.run.updated'],
    });
    expect(created.status).toBe(201);
    endpoint = created.body;
    receiver.trust('/hooks', endpoint.secret);
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });

  it('delivers a transfer’s out and in, signed, retrying the one the receiver failed with the same webhook-id', async () => {
    receiver.answer('/hooks', 500);
    const { sender, recipient, sent } = await transferBetween('payer@example.com', 'payee@example.com');
    expect(receiver.requests.every((request) => request.verified)).toBe(true);
    const [out] = ofTransfer('wallets.transfer.out', sent.body.id);
    const [incoming] = ofTransfer('wallets.transfer.in', sent.body.id);
    expect(out?.data).toMatchObject({
      transferId: sent.body.id,
      walletAddress: sender.address,
      counterpartyAddress: recipient.address,
      amount: { decimal: '2.5' },
    });
    expect(incoming?.data).toMatchObject({
      transferId: sent.body.id,
      walletAddress: recipient.address,
      counterpartyAddress: sender.address,
    });
    expect(out?.id).toMatch(/^msg_[0-9a-f]{32}$/);

    // The first request failed with a 500; the retry carried the same id and the same body.
    const failed = receiver.requests.find((request) => request.status === 500);
    expect(failed).toBeDefined();
    const attempts = receiver.requestsFor(String(failed?.headers['webhook-id']));
    expect(attempts.map((request) => request.status)).toEqual([500, 200]);
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
    expect(JSON.parse(attempts[0]?.body ?? '{}')).toEqual({ type: expect.any(String), data: expect.any(Object) });
    expect(attempts[0]?.headers['content-type']).toBe('application/json');

    const log = await pollUntil(
      () => deliveries(endpoint.id),
      (response) => response.body.data.every((item: any) => item.status === 'delivered'),
    );
    const retried = log.body.data.find((item: any) => item.messageId === failed?.headers['webhook-id']);
    expect(retried).toMatchObject({
      status: 'delivered',
      attemptCount: 2,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
    const detail = await call('GET', `${ENDPOINTS}/${endpoint.id}/deliveries/${retried.messageId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.attempts).toEqual([
      expect.objectContaining({
        attemptNumber: 1,
        trigger: 'scheduled',
        statusCode: 500,
        outcome: 'failed',
        error: null,
        durationMs: expect.any(Number),
      }),
      expect.objectContaining({ attemptNumber: 2, trigger: 'scheduled', statusCode: 200, outcome: 'succeeded' }),
    ]);
    expect(JSON.stringify(detail.body.payload)).toBe(attempts[0]?.body);
  });

  it('redelivers a message on request with the same webhook-id, which the receiver dedupes', async () => {
    const { sent } = await transferBetween('redeliver-payer@example.com', 'redeliver-payee@example.com');
    const [out] = ofTransfer('wallets.transfer.out', sent.body.id);
    await pollUntil(
      () => call('GET', `${ENDPOINTS}/${endpoint.id}/deliveries/${out?.id}`),
      (response) => response.body.status === 'delivered',
    );
    const messageId = String(out?.id);
    const before = receiver.requestsFor(messageId).length;
    const redelivered = await call('POST', `${ENDPOINTS}/${endpoint.id}/deliveries/${messageId}/redeliver`);
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ messageId, status: 'pending' });
    await receiver.until(() => receiver.requestsFor(messageId).length > before);
    const again = receiver.requestsFor(messageId).at(-1);
    expect(again).toMatchObject({ verified: true, status: 200 });
    expect(receiver.handled.filter((event) => event.id === messageId)).toHaveLength(1);
    const detail = await pollUntil(
      () => call('GET', `${ENDPOINTS}/${endpoint.id}/deliveries/${out?.id}`),
      (response) => response.body.status === 'delivered',
    );
    expect(detail.body.attempts.at(-1)).toMatchObject({ trigger: 'manual', statusCode: 200, outcome: 'succeeded' });
    const unknown = await call('POST', `${ENDPOINTS}/${endpoint.id}/deliveries/msg_${'0'.repeat(32)}/redeliver`);
    expect(unknown.status).toBe(404);
  });

  it('sends run.updated with the run’s snapshot as it changes', async () => {
    const as = { 'x-service-user-id': 'alice' };
    const created = await call(
      'POST',
      '/unstable/agent-checkouts',
      {
        constraints: { maxCost: { amount: '50', currency: 'USD' } },
        request: { startUrl: 'http://127.0.0.1:9/products/mug' },
      },
      as,
    );
    expect(created.status).toBe(202);
    const runId = created.body.runId;
    expect((await call('POST', `/unstable/agent-checkouts/${runId}/cancel`, undefined, as)).status).toBe(202);
    const ofRun = () => handledOf('agent-checkouts.run.updated').filter((event) => event.data['runId'] === runId);
    await receiver.until(() => ofRun().some((event) => event.data['status'] === 'cancelled'));
    expect(ofRun().map((event) => event.data['status'])).toEqual(expect.arrayContaining(['queued', 'cancelled']));
    expect(ofRun()[0]?.data).toMatchObject({
      runId,
      revision: 0,
      status: 'queued',
      input: { request: { startUrl: 'http://127.0.0.1:9/products/mug' } },
    });
  });

  it('gives up after the retry window and marks the delivery failed, keeping every attempt in the log', async () => {
    const failing = await call('POST', ENDPOINTS, {
      url: receiver.url('/down'),
      eventTypes: ['agent-checkouts.run.updated'],
    });
    receiver.trust('/down', failing.body.secret);
    receiver.answer('/down', ...Array<number>(100).fill(503));
    await call(
      'POST',
      '/unstable/agent-checkouts',
      {
        constraints: { maxCost: { amount: '5', currency: 'USD' } },
        request: { startUrl: 'http://127.0.0.1:9/products/cup' },
      },
      { 'x-service-user-id': 'bob' },
    );
    const log = await pollUntil(
      () => deliveries(failing.body.id, '?status=failed'),
      (response) => response.body.data.length === 1,
      15_000,
    );
    const [delivery] = log.body.data;
    expect(delivery).toMatchObject({
      status: 'failed',
      nextAttemptAt: null,
      lastAttempt: { statusCode: 503, outcome: 'failed' },
    });
    expect(delivery.attemptCount).toBeGreaterThanOrEqual(2);
    const detail = await call('GET', `${ENDPOINTS}/${failing.body.id}/deliveries/${delivery.messageId}`);
    expect(detail.body.attempts).toHaveLength(delivery.attemptCount);
    const started = detail.body.attempts.map((attempt: any) => Date.parse(attempt.startedAt));
    const gaps = started.slice(1).map((time: number, index: number) => time - (started[index] ?? 0));
    // Backoff: each wait but the last (cut at the window's end) is at least the fixed half of its
    // delay, 40 ms doubling up to 160 ms; the schedule itself is unit-tested in @paykit/webhooks.
    // Lower bounds only: a loaded machine makes waits longer, never shorter.
    const floors = gaps.slice(0, -1).map((_gap: number, index: number) => Math.min(160, 40 * 2 ** index) / 2);
    expect(gaps.slice(0, -1).filter((gap: number, index: number) => gap < floors[index])).toEqual([]);
    const toDown = receiver.requestsFor(delivery.messageId).filter((request) => request.path === '/down');
    expect(toDown).toHaveLength(delivery.attemptCount);
    expect((await deliveries(failing.body.id, '?status=pending')).body.data).toEqual([]);
  });

  it('signs with the new and the previous secret after a rotation, so receivers can switch at their pace', async () => {
    const rotated = await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const before = receiver.requests.length;
    await call(
      'POST',
      '/unstable/agent-checkouts',
      {
        constraints: { maxCost: { amount: '7', currency: 'USD' } },
        request: { startUrl: 'http://127.0.0.1:9/products/hat' },
      },
      { 'x-service-user-id': 'carol' },
    );
    await receiver.until(() => receiver.requests.slice(before).some((request) => request.path === '/hooks'));
    const request = receiver.requests.slice(before).find((candidate) => candidate.path === '/hooks');
    expect(String(request?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(request?.verified).toBe(true);
    expect(verifyStandardWebhook(rotated.body.secret, request?.headers ?? {}, request?.body ?? '')).toBe(true);
    expect(
      verifyStandardWebhook(
        `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
        request?.headers ?? {},
        request?.body ?? '',
      ),
    ).toBe(false);
  });
});
