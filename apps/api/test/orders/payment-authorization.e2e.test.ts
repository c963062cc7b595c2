import type { SandboxPricing } from '@paykit/providers';
import { PRICING } from '../../src/tokens/pricing.provider.js';
import { CARDS, CHAIN, ORDERS, type OrderApi, startOrderServer } from './order-server.js';

describe('process payment: who may pay an order', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer();
  });
  afterAll(() => orders.close());

  const payAs = async (key: string, orderId: string, headers: Record<string, string>) =>
    orders.api.call(
      key,
      'POST',
      `${ORDERS}/${orderId}/payment`,
      { type: 'card-token', token: await orders.cardToken(CARDS.succeeds) },
      headers,
    );
  const placed = async (owner: string) => (await orders.onramp(await orders.wallet(owner), '20')).body;

  it('accepts the order’s client secret, for reading and paying, and refuses a wrong one or another order’s (403)', async () => {
    const first = await placed('email:sec1@example.com');
    const second = await placed('email:sec2@example.com');
    const key = orders.project.clientKey;
    const read = await orders.api.call(key, 'GET', `${ORDERS}/${first.order.orderId}`, undefined, {
      authorization: first.clientSecret,
    });
    expect(read.status).toBe(200);
    const wrong = await payAs(key, first.order.orderId, { authorization: 'not-the-secret' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('invalid_client_secret');
    const other = await payAs(key, first.order.orderId, { authorization: second.clientSecret });
    expect(other.status).toBe(403);
    expect((await orders.order(first.order.orderId)).body.payment.status).toBe('awaiting-payment');
    const paid = await payAs(key, first.order.orderId, { authorization: first.clientSecret });
    expect(paid.status).toBe(200);
    expect(paid.body.payment.status).toBe('completed');
  });

  it('accepts a user’s JWT with orders.create for their own order, and refuses other users’ orders (404)', async () => {
    const own = await placed('userId:jwt-user');
    const others = await placed('email:someone@example.com');
    const jwt = { authorization: `Bearer ${await orders.api.userJwt('jwt-user')}` };
    expect((await payAs(orders.project.clientKey, others.order.orderId, jwt)).status).toBe(404);
    const paid = await payAs(orders.project.clientKey, own.order.orderId, jwt);
    expect(paid.status).toBe(200);
    expect(paid.body.payment.status).toBe('completed');
  });

  it('refuses a JWT under a client key without orders.create, and a server key without orders.update (401)', async () => {
    const order = await placed('userId:no-scope');
    const { platform } = orders.api;
    const actor = { actor: { type: 'cli' as const, id: 'orders-tests' } };
    const clientKey = (
      await platform.apiKeys.issue(
        { projectId: orders.project.projectId, kind: 'client', scopes: ['wallets.read'] },
        actor,
      )
    ).key;
    const jwt = { authorization: `Bearer ${await orders.api.userJwt('no-scope')}` };
    const noScope = await payAs(clientKey, order.order.orderId, jwt);
    expect(noScope.status).toBe(401);
    expect(noScope.body.code).toBe('missing_scope');
    const serverKey = (
      await platform.apiKeys.issue(
        { projectId: orders.project.projectId, kind: 'server', scopes: ['orders.create'] },
        actor,
      )
    ).key;
    const server = await payAs(serverKey, order.order.orderId, {});
    expect(server.status).toBe(401);
    expect(server.body.code).toBe('missing_scope');
  });

  it('hides another project’s order (404 Not found)', async () => {
    const order = await placed('email:mine@example.com');
    const stranger = await orders.api.project('Stranger');
    const read = await orders.api.call(stranger.serverKey, 'GET', `${ORDERS}/${order.order.orderId}`);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ error: true, message: 'Not found', code: 'not_found' });
    const pay = await orders.api.call(stranger.serverKey, 'POST', `${ORDERS}/${order.order.orderId}/payment`, {
      type: 'crypto-tx-id',
      txId: '0x01',
    });
    expect(pay.status).toBe(404);
  });

  it('fails a delivery priced beyond maxSlippageBps (slippage-tolerance-exceeded) and refunds the card', async () => {
    const order = await placed('email:slip@example.com');
    const pricing = orders.api.server.app.get<SandboxPricing>(PRICING);
    pricing.moveMarket(`${CHAIN}:usdxm`, 500);
    try {
      const paid = await payAs(orders.project.clientKey, order.order.orderId, { authorization: order.clientSecret });
      expect(paid.body.payment.status).toBe('completed');
      const refunded = await orders.until(order.order.orderId, (current) => current.payment.status === 'refunded');
      expect(refunded.body.payment.refunded).toEqual({ amount: '20', currency: 'usd' });
      expect(refunded.body.lineItems[0].delivery).toMatchObject({
        status: 'failed',
        failureReason: { code: 'slippage-tolerance-exceeded' },
      });
    } finally {
      pricing.resetMarket();
    }
  });
});
