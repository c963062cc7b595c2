import { type ListingProject, listOrders, ownedWallet, provisionProject, startListServer } from './list-fixtures.js';
import { fetchJson } from '../support/http-client.js';
import type { TestServer } from '../support/start-server.js';

const SETUP_MS = 60_000;

/** Orders placed through POST /2022-06-09/orders are in the very next list answer; drafts never are. */
describe('GET /2022-06-09/orders after POST /2022-06-09/orders', () => {
  let server: TestServer;
  let shop: ListingProject;
  let walletAddress: string;

  const call = (method: string, path: string, body?: unknown) =>
    fetchJson(`${server.baseUrl}${path}`, { method, headers: { 'x-api-key': shop.serverKey }, body });
  const onramp = (state: 'create' | 'draft') => ({
    recipient: { walletAddress },
    payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
    lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '10' } }],
    state,
  });

  beforeAll(async () => {
    server = await startListServer();
    shop = await provisionProject(server, 'Shop');
    walletAddress = await ownedWallet(server, shop.serverKey, 'userId:list-buyer');
  }, SETUP_MS);
  afterAll(() => server.close());

  it('lists an order placed by the caller in the answer that follows, and never a draft', async () => {
    const draft = await call('POST', '/2022-06-09/orders', onramp('draft'));
    expect(draft.status).toBeLessThan(300);
    expect(draft.body.order.payment.status).toBe('draft');
    for (let index = 0; index < 3; index++) {
      const created = await call('POST', '/2022-06-09/orders', onramp('create'));
      expect(created.status).toBe(201);
      const { orderId } = created.body.order;
      const page = await listOrders(server, shop.serverKey, `limit=1&buyerWalletAddress=${walletAddress}`);
      expect(page.body.data).toEqual([created.body.order]);
      const byId = await listOrders(server, shop.serverKey, `orderId=${orderId}&currency=fiat`);
      expect(byId.body.data.map((order: { orderId: string }) => order.orderId)).toEqual([orderId]);
    }
    const all = await listOrders(server, shop.serverKey);
    expect(all.body.data).toHaveLength(3);
    expect(all.body.data.map((order: { orderId: string }) => order.orderId)).not.toContain(draft.body.order.orderId);
  });
});
