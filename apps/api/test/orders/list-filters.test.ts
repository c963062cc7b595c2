import {
  type ListingProject,
  type OrderSpec,
  listOrders,
  placeOrder,
  provisionProject,
  startListServer,
  timesFrom,
  walkAll,
} from './list-fixtures.js';
import type { Platform } from '@paykit/platform';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import type { TestServer } from '../support/start-server.js';

/** Starting a server and placing orders on a busy machine. */
const SETUP_MS = 60_000;

const WALLET_A = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa';
const WALLET_B = '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const WALLET_C = '0xcccccccccccccccccccccccccccccccccccccccc';
const WALLET_D = '0xdddddddddddddddddddddddddddddddddddddddd';
const PAYER_E = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const PAYER_F = '0xffffffffffffffffffffffffffffffffffffffff';

/** Each order with what the list filters see of it. */
interface Listed {
  readonly orderId: string;
  readonly createdAt: string;
  readonly payment: string;
  readonly delivery: string;
  readonly currency: 'usd' | 'usdc';
  readonly wallet: string;
}

const CATALOGUE: readonly (OrderSpec & { payment: string; delivery: string })[] = [
  { kind: 'onramp', outcome: 'awaiting', wallet: WALLET_A, payment: 'quote-phase', delivery: 'not-started' },
  { kind: 'onramp', outcome: 'expired', wallet: WALLET_A, payment: 'expired', delivery: 'not-started' },
  { kind: 'onramp', outcome: 'authorizing', wallet: WALLET_B, payment: 'in-progress', delivery: 'not-started' },
  { kind: 'onramp', outcome: 'declined', wallet: WALLET_B, payment: 'declined', delivery: 'not-started' },
  { kind: 'onramp', outcome: 'paid', wallet: WALLET_C, payment: 'succeeded', delivery: 'in-progress' },
  { kind: 'onramp', outcome: 'delivered', wallet: WALLET_C, payment: 'succeeded', delivery: 'delivered' },
  { kind: 'onramp', outcome: 'delivery-failed', wallet: WALLET_D, payment: 'succeeded', delivery: 'failed' },
  { kind: 'onramp', outcome: 'refunded', wallet: WALLET_D, payment: 'refunded', delivery: 'failed' },
  { kind: 'offramp', outcome: 'awaiting', wallet: PAYER_E, payment: 'quote-phase', delivery: 'not-started' },
  { kind: 'offramp', outcome: 'paid', wallet: PAYER_E, payment: 'succeeded', delivery: 'in-progress' },
  { kind: 'offramp', outcome: 'delivered', wallet: PAYER_F, payment: 'succeeded', delivery: 'delivered' },
];

describe('GET /2022-06-09/orders: filters', () => {
  let server: TestServer;
  let shop: ListingProject;
  let other: ListingProject;
  let orders: Listed[];

  beforeAll(async () => {
    server = await startListServer();
    shop = await provisionProject(server, 'Shop');
    other = await provisionProject(server, 'Other');
    const times = timesFrom('2026-03-01T10:00:00.000Z', CATALOGUE.length);
    orders = [];
    for (const [index, spec] of CATALOGUE.entries()) {
      const createdAt = times[index]!;
      const placed = await placeOrder(server, shop.projectId, { ...spec, createdAt });
      orders.push({
        orderId: placed.orderId,
        createdAt,
        payment: spec.payment,
        delivery: spec.delivery,
        currency: spec.kind === 'onramp' ? 'usd' : 'usdc',
        wallet: spec.wallet!.toLowerCase(),
      });
    }
    // Another project's orders under the same statuses and wallets never show.
    await placeOrder(server, other.projectId, { kind: 'onramp', outcome: 'delivered', wallet: WALLET_C });
    await placeOrder(server, other.projectId, { kind: 'offramp', outcome: 'awaiting', wallet: PAYER_E });
  }, SETUP_MS);
  afterAll(() => server.close());

  /** The ids a filter must answer: newest first. */
  const expected = (matches: (order: Listed) => boolean) =>
    orders
      .filter(matches)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((order) => order.orderId);
  // A small limit, so every filter is also read across pages.
  const walk = (query: string) => walkAll(server, shop.serverKey, `limit=2&${query}`);

  it('lists every placed order of the project, newest first, as Order resources', async () => {
    const page = await listOrders(server, shop.serverKey);
    expect(page.status).toBe(200);
    expect(page.body.data.map((order: { orderId: string }) => order.orderId)).toEqual(expected(() => true));
    expect(page.body.nextCursor).toBeNull();
    expect(page.body.previousCursor).toBeNull();
    const delivered = page.body.data.find((order: { orderId: string }) => order.orderId === orders[5]!.orderId);
    expect(delivered).toMatchObject({
      phase: 'completed',
      locale: expect.any(String),
      quote: { status: 'valid', totalPrice: { amount: '100', currency: 'usd' } },
      payment: { status: 'completed', method: 'card', currency: 'usd' },
      lineItems: [{ delivery: { status: 'completed', txId: '0xtx', recipient: { walletAddress: WALLET_C } } }],
    });
  });

  it('sorts oldest first with sort=asc', async () => {
    expect(await walk('sort=asc')).toEqual(expected(() => true).reverse());
  });

  it.each(['quote-phase', 'in-progress', 'succeeded', 'declined', 'expired', 'refunded'])(
    'filters on payment status %s',
    async (status) => {
      const ids = await walk(`paymentStatus=${status}`);
      expect(ids).toEqual(expected((order) => order.payment === status));
      expect(ids.length).toBeGreaterThan(0);
    },
  );

  it.each(['not-started', 'in-progress', 'delivered', 'failed'])('filters on delivery status %s', async (status) => {
    const ids = await walk(`deliveryStatus=${status}`);
    expect(ids).toEqual(expected((order) => order.delivery === status));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('answers no order for a delivery status none has (partial-delivery)', async () => {
    expect(await walk('deliveryStatus=partial-delivery')).toEqual([]);
  });

  it('filters on currency: a code, case-insensitively, and fiat for every fiat payment method', async () => {
    expect(await walk('currency=usdc')).toEqual(expected((order) => order.currency === 'usdc'));
    expect(await walk('currency=USD')).toEqual(expected((order) => order.currency === 'usd'));
    expect(await walk('currency=fiat')).toEqual(expected((order) => order.currency === 'usd'));
    // An order paid in usd is under both usd and fiat: listed once.
    expect(await walk('currency=fiat,usd,usdc')).toEqual(expected(() => true));
    expect(await walk('currency=eth')).toEqual([]);
  });

  it('filters on the buyer wallet, exactly, EVM addresses in any case, under either parameter name', async () => {
    const ofA = expected((order) => order.wallet === WALLET_A.toLowerCase());
    expect(ofA).toHaveLength(2);
    expect(await walk(`buyerWalletAddress=${WALLET_A}`)).toEqual(ofA);
    expect(await walk(`buyerWalletAddress=${WALLET_A.toLowerCase()}`)).toEqual(ofA);
    expect(await walk(`recipientAddress=${WALLET_A.toUpperCase().replace('0X', '0x')}`)).toEqual(ofA);
    expect(await walk(`buyerWalletAddress=${PAYER_E}&recipientAddress=${WALLET_B}`)).toEqual(
      expected((order) => order.wallet === PAYER_E || order.wallet === WALLET_B),
    );
    expect(await walk(`buyerWalletAddress=${'0x'.padEnd(42, '9')}`)).toEqual([]);
  });

  it('filters on order ids', async () => {
    const [first, second] = [orders[0]!, orders[9]!];
    expect(await walk(`orderId=${first.orderId}`)).toEqual([first.orderId]);
    expect(await walk(`orderId=${first.orderId},${second.orderId}`)).toEqual([second.orderId, first.orderId]);
    expect(await walk(`orderId=${first.orderId.toUpperCase()}`)).toEqual([first.orderId]);
    expect(await walk('orderId=6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b')).toEqual([]);
  });

  it('combines filters: an order must pass each of them', async () => {
    expect(await walk('paymentStatus=succeeded&deliveryStatus=delivered&currency=fiat')).toEqual(
      expected((order) => order.payment === 'succeeded' && order.delivery === 'delivered' && order.currency === 'usd'),
    );
    expect(await walk('paymentStatus=succeeded,refunded&deliveryStatus=failed')).toEqual(
      expected((order) => ['succeeded', 'refunded'].includes(order.payment) && order.delivery === 'failed'),
    );
    expect(await walk('paymentStatus=succeeded&currency=usdc')).toEqual(
      expected((order) => order.payment === 'succeeded' && order.currency === 'usdc'),
    );
    expect(await walk('deliveryStatus=not-started&currency=usd,usdc')).toEqual(
      expected((order) => order.delivery === 'not-started'),
    );
    expect(await walk(`buyerWalletAddress=${WALLET_C},${PAYER_E}&paymentStatus=succeeded&currency=fiat`)).toEqual(
      expected((order) => order.wallet === WALLET_C && order.payment === 'succeeded'),
    );
    expect(await walk(`buyerWalletAddress=${WALLET_D}&deliveryStatus=failed&paymentStatus=refunded`)).toEqual([
      orders[7]!.orderId,
    ]);
    const ids = orders.map((order) => order.orderId).join(',');
    expect(await walk(`orderId=${ids}&paymentStatus=quote-phase&buyerWalletAddress=${PAYER_E}`)).toEqual([
      orders[8]!.orderId,
    ]);
  });

  it('takes comma-separated values, repeated parameters and both mixed, alike', async () => {
    const want = expected((order) => ['succeeded', 'declined', 'expired'].includes(order.payment));
    expect(await walk('paymentStatus=succeeded,declined,expired')).toEqual(want);
    expect(await walk('paymentStatus=succeeded&paymentStatus=declined&paymentStatus=expired')).toEqual(want);
    expect(await walk('paymentStatus=succeeded,%20declined&paymentStatus=expired,')).toEqual(want);
    expect(await walk(`buyerWalletAddress=${WALLET_A}&buyerWalletAddress=${WALLET_B},${WALLET_C}`)).toEqual(
      expected((order) => [WALLET_A.toLowerCase(), WALLET_B, WALLET_C].includes(order.wallet)),
    );
  });

  it('takes 20 terms per filter and refuses 21 with a 400 naming the filter', async () => {
    const statuses = (count: number) => Array.from({ length: count }, (_, i) => (i % 2 ? 'succeeded' : 'refunded'));
    expect(await walk(`paymentStatus=${statuses(20).join(',')}`)).toEqual(
      expected((order) => ['succeeded', 'refunded'].includes(order.payment)),
    );
    const currencies = (count: number) => Array.from({ length: count }, (_, i) => (i === 0 ? 'usdc' : `tok${i}`));
    expect(
      await walk(
        `currency=${currencies(20).join('&currency=')}&paymentStatus=succeeded,quote-phase,expired,declined,in-progress`,
      ),
    ).toEqual(expected((order) => order.currency === 'usdc' && order.payment !== 'refunded'));
    const wallets = (count: number) => Array.from({ length: count }, (_, i) => `0x${String(i).padStart(40, 'a')}`);
    expect((await listOrders(server, shop.serverKey, `buyerWalletAddress=${wallets(20).join(',')}`)).status).toBe(200);

    for (const query of [
      `paymentStatus=${statuses(21).join(',')}`,
      `paymentStatus=${statuses(10).join(',')}&paymentStatus=${statuses(11).join(',')}`,
      `currency=${currencies(21).join(',')}`,
      `deliveryStatus=${Array(21).fill('failed').join(',')}`,
      `buyerWalletAddress=${wallets(21).join(',')}`,
      `buyerWalletAddress=${wallets(10).join(',')}&recipientAddress=${wallets(11).join(',')}`,
      `orderId=${Array(21).fill(orders[0]!.orderId).join(',')}`,
    ]) {
      const response = await listOrders(server, shop.serverKey, query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, message: expect.stringMatching(/at most 20/) });
      expect(response.body.message).toMatch(
        /paymentStatus|currency|deliveryStatus|buyerWalletAddress|recipientAddress|orderId/,
      );
    }
  });

  it.each([
    ['paymentStatus=paid', 'paymentStatus'],
    ['paymentStatus=', 'paymentStatus'],
    ['deliveryStatus=completed', 'deliveryStatus'],
    ['currency=us%20d', 'currency'],
    ['buyerWalletAddress=0x123', 'buyerWalletAddress'],
    ['orderId=not-an-id', 'orderId'],
    ['sort=sideways', 'sort'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const response = await listOrders(server, shop.serverKey, query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, message: expect.stringContaining(field) });
  });

  it('shows a project only its own orders, whatever the filters', async () => {
    const theirs = await walkAll(server, other.serverKey, 'limit=100');
    expect(theirs).toHaveLength(2);
    expect(theirs.some((id) => orders.some((order) => order.orderId === id))).toBe(false);
    const byId = await listOrders(server, other.serverKey, `orderId=${orders[0]!.orderId}`);
    expect(byId.body.data).toEqual([]);
    expect(await walkAll(server, other.serverKey, `buyerWalletAddress=${WALLET_A}`)).toEqual([]);
  });

  it('needs the orders.read scope', async () => {
    const platform = server.app.get<Platform>(PLATFORM);
    const { key } = await platform.apiKeys.issue(
      { projectId: shop.projectId, kind: 'server', scopes: ['wallets.read'] },
      { actor: { type: 'cli', id: 'list-test' } },
    );
    const response = await listOrders(server, key);
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('orders.read');
  });
});

describe('GET /2022-06-09/orders: page sizes', () => {
  let server: TestServer;
  let shop: ListingProject;

  beforeAll(async () => {
    server = await startListServer();
    shop = await provisionProject(server, 'Bulk');
    for (const createdAt of timesFrom('2026-03-02T00:00:00.000Z', 105)) {
      await placeOrder(server, shop.projectId, { kind: 'onramp', createdAt });
    }
  }, SETUP_MS);
  afterAll(() => server.close());

  it('answers 30 orders by default and up to 100 with limit', async () => {
    const first = await listOrders(server, shop.serverKey);
    expect(first.body.data).toHaveLength(30);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect((await listOrders(server, shop.serverKey, 'limit=100')).body.data).toHaveLength(100);
    expect((await listOrders(server, shop.serverKey, 'limit=1')).body.data).toHaveLength(1);
  });
});
