import { type Api, KillHarness, pollUntil } from './support/kill-harness.js';
import { ORDERS, type Seller, depositFor, offrampBody, sellerOf } from './support/offramp-fixtures.js';

/**
 * Keyed crypto payment of an offramp order (the deposit's txId), killed (SIGKILL, the server in
 * a child process) just before and just after the deposit is recorded, restarted on the same
 * data directory and retried with the same key: the deposit is recorded once, the payout sent
 * once, and every retry answers the order as that payment left it.
 */
describe('crypto payment killed around its write, retried with the same key', () => {
  let h: KillHarness;
  const paying = new Map<string, { seller: Seller; orderId: string; txId: string }>();
  beforeAll(async () => {
    h = await KillHarness.create();
  });
  afterAll(() => h.remove());

  const cases = [
    {
      point: 'before:OrderCryptoDepositReceived',
      requestId: 'crypto-before',
      seller: 'email:payer-before@example.com',
    },
    { point: 'after:OrderCryptoDepositReceived', requestId: 'crypto-after', seller: 'email:payer-after@example.com' },
  ];
  const pay = (api: Api, seller: string, key: string, requestId: string) => {
    const { orderId, txId } = paying.get(seller)!;
    return api.call(
      'POST',
      `${ORDERS}/${orderId}/payment`,
      { type: 'crypto-tx-id', txId },
      { 'x-idempotency-key': key, 'x-request-id': requestId },
    );
  };

  it('records the deposit once and pays out once, whether killed before or after recording it', async () => {
    const retries = await h.walk(cases, {
      setup: async (api) => {
        for (const { seller: userLocator } of cases) {
          const seller = await sellerOf(api, userLocator);
          const { order } = (await api.call('POST', ORDERS, offrampBody(seller, '25'))).body;
          paying.set(userLocator, { seller, orderId: order.orderId, txId: await depositFor(api, seller, order) });
        }
      },
      cut: (api, { seller, requestId }) => pay(api, seller, requestId, requestId),
      retry: async (api, { seller, requestId }) => {
        const first = await pay(api, seller, requestId, `${requestId}-retry-1`);
        const settled = await pollUntil(
          () => api.call('GET', `${ORDERS}/${paying.get(seller)!.orderId}`),
          (answer) => answer.body.phase === 'completed',
        );
        // After the order moved on: still the answer the payment gave.
        const again = await pay(api, seller, requestId, `${requestId}-retry-2`);
        return { first, settled, again };
      },
    });
    const events = await h.events();
    for (const [index, { first, settled, again }] of retries.entries()) {
      const { orderId, txId } = paying.get(cases[index]!.seller)!;
      expect(first.status).toBe(200);
      expect(first.body.payment).toMatchObject({
        status: 'completed',
        received: { txId, amount: '25', currency: 'usdc' },
      });
      expect(settled.body.phase).toBe('completed');
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-idempotent-replayed')).toBe('true');
      const ofOrder = (type: string) =>
        events.filter((event) => event.type === type && event.streamName === `order-${orderId}`);
      expect(ofOrder('OrderCryptoDepositReceived')).toHaveLength(1);
      expect(ofOrder('OrderDeliveryStarted')).toHaveLength(1);
      expect(ofOrder('OrderDeliveryCompleted')).toHaveLength(1);
    }
  }, 240_000);
});
