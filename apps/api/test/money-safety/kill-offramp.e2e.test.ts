import { type Api, KillHarness } from './support/kill-harness.js';
import { ORDERS, type Seller, offrampBody, sellerOf } from './support/offramp-fixtures.js';

/**
 * Keyed offramp order creation, killed (SIGKILL, the server in a child process) just before and
 * just after the order's append, restarted on the same data directory and retried with the same
 * key: one order, the same answer (deposit instructions and client secret included).
 */
describe('create offramp order killed around its write, retried with the same key', () => {
  let h: KillHarness;
  const sellers = new Map<string, Seller>();
  beforeAll(async () => {
    h = await KillHarness.create();
  });
  afterAll(() => h.remove());

  const cases = [
    { point: 'before:OrderCreated', requestId: 'offramp-before', seller: 'email:seller-before@example.com' },
    { point: 'after:OrderCreated', requestId: 'offramp-after', seller: 'email:seller-after@example.com' },
  ];
  const create = (api: Api, seller: string, key: string, requestId: string) =>
    api.call('POST', ORDERS, offrampBody(sellers.get(seller)!, '25'), {
      'x-idempotency-key': key,
      'x-request-id': requestId,
    });

  it('places the order once when killed just before or just after its append', async () => {
    const retries = await h.walk(cases, {
      setup: async (api) => {
        for (const { seller } of cases) sellers.set(seller, await sellerOf(api, seller));
      },
      cut: (api, { seller, requestId }) => create(api, seller, requestId, requestId),
      retry: async (api, { seller, requestId }) => ({
        first: await create(api, seller, requestId, `${requestId}-retry-1`),
        again: await create(api, seller, requestId, `${requestId}-retry-2`),
      }),
    });
    const events = await h.events();
    for (const [index, { first, again }] of retries.entries()) {
      expect(first.status).toBe(201);
      expect(first.body.order.payment).toMatchObject({
        status: 'awaiting-payment',
        preparation: { serializedTransaction: expect.any(String) },
      });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('x-idempotent-replayed')).toBe('true');
      const methodId = sellers.get(cases[index]!.seller)!.paymentMethodId;
      const placed = events.filter(
        (event) =>
          event.type === 'OrderCreated' &&
          (event.data as { recipient: { paymentMethodId?: string } }).recipient.paymentMethodId === methodId,
      );
      expect(placed).toHaveLength(1);
    }
  }, 180_000);
});
