import { CARDS, CHAIN, ORDERS, type OrderApi, startOrderServer } from './order-server.js';

/**
 * The per-user card purchase limit as the API wires it (apps/api/src/orders/limits): what a buyer
 * already bought in the window counts, at order creation and again at payment. The limit is 1000
 * usd in 24 hours; identity checks start above 5000, so they stay out of the way.
 */
describe('the purchase limit counts the buyer’s earlier purchases', () => {
  let orders: OrderApi;
  beforeAll(async () => {
    orders = await startOrderServer({ ORDER_PURCHASE_LIMIT: '1000', ORDER_NO_KYC_THRESHOLD_USD: '5000' });
  });
  afterAll(() => orders.close());

  const place = (wallet: string, amount: string) => orders.onramp(wallet, amount);
  const placed = async (wallet: string, amount: string) => {
    const response = await place(wallet, amount);
    expect(response.status).toBe(201);
    return response.body as { clientSecret: string; order: { orderId: string } };
  };
  const paid = async (wallet: string, amount: string, card: string = CARDS.succeeds) => {
    const { order, clientSecret } = await placed(wallet, amount);
    const payment = await orders.payByCard(order.orderId, clientSecret, card);
    expect(payment.status).toBe(200);
    return payment.body;
  };
  const exceeded = (amount: string, remainingAmount: string) => ({
    error: true,
    message: expect.stringContaining(`${remainingAmount} can be spent now`),
    code: 'single_purchase_exceeded',
    parameters: { amount, limit: '1000', hoursUntilReset: '24', remainingAmount },
  });

  it('refuses a second order that crosses the limit with the earlier purchase counted, and takes one that reaches it exactly', async () => {
    const wallet = await orders.wallet('email:repeat-buyer@example.com');
    expect((await paid(wallet, '600')).payment.status).toBe('completed');

    const second = await place(wallet, '500');
    expect(second.status).toBe(400);
    expect(second.body).toEqual(exceeded('500', '400'));
    expect((await place(wallet, '400')).status).toBe(201);
  });

  it('checks again at payment: of two orders placed before either was paid, the second payment is refused and charges nothing', async () => {
    const wallet = await orders.wallet('email:two-tabs@example.com');
    const first = await placed(wallet, '600');
    const second = await placed(wallet, '600');
    expect((await orders.payByCard(first.order.orderId, first.clientSecret, CARDS.succeeds)).body.payment.status).toBe(
      'completed',
    );

    const refused = await orders.payByCard(second.order.orderId, second.clientSecret, CARDS.succeeds);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(exceeded('600', '400'));
    const after = await orders.order(second.order.orderId);
    expect(after.body.payment.status).toBe('awaiting-payment');
    expect(after.body.payment.received).toBeUndefined();
  });

  it('counts neither a declined payment nor another buyer’s purchases nor another project’s', async () => {
    const wallet = await orders.wallet('email:declined-once@example.com');
    expect((await paid(wallet, '900', CARDS.declined)).payment.status).not.toBe('completed');
    expect((await place(wallet, '1000')).status).toBe(201);

    const spender = await orders.wallet('email:big-spender@example.com');
    await paid(spender, '1000');
    expect((await place(await orders.wallet('email:neighbour@example.com'), '1000')).status).toBe(201);

    // The same owner in another project is another buyer.
    const other = await orders.api.project('Other shop');
    const call = (method: string, path: string, body?: unknown) => orders.api.call(other.serverKey, method, path, body);
    const namesake = (
      await call('POST', '/2025-06-09/wallets', {
        chainType: 'evm',
        type: 'mpc',
        owner: 'email:big-spender@example.com',
      })
    ).body.address;
    const elsewhere = await call('POST', ORDERS, {
      recipient: { walletAddress: namesake },
      payment: { method: 'card', currency: 'usd' },
      lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '1000' } }],
    });
    expect(elsewhere.status).toBe(201);
  });
});
