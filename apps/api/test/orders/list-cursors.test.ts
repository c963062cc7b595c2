import {
  type ListingProject,
  listOrders,
  ownedWallet,
  placeOrder,
  postOnrampOrder,
  provisionProject,
  startListServer,
  timesFrom,
  walkAll,
} from './list-fixtures.js';
import type { TestServer } from '../support/start-server.js';

const SETUP_MS = 60_000;
const WALLET = '0x2222222222222222222222222222222222222222';

interface Page {
  readonly ids: string[];
  readonly nextCursor: string | null;
  readonly previousCursor: string | null;
}

describe('GET /2022-06-09/orders: cursors', () => {
  let server: TestServer;
  let shop: ListingProject;
  let other: ListingProject;
  /** Ten onramp orders, newest first. */
  let newestFirst: string[];

  beforeAll(async () => {
    server = await startListServer();
    shop = await provisionProject(server, 'Shop');
    other = await provisionProject(server, 'Other');
    const placed = [];
    for (const createdAt of timesFrom('2026-04-01T00:00:00.000Z', 10)) {
      placed.push(await placeOrder(server, shop.projectId, { kind: 'onramp', createdAt, wallet: WALLET }));
    }
    newestFirst = placed.reverse().map((order) => order.orderId);
    await placeOrder(server, other.projectId, { kind: 'onramp' });
  }, SETUP_MS);
  afterAll(() => server.close());

  const page = async (query: string, key = shop.serverKey): Promise<Page> => {
    const response = await listOrders(server, key, query);
    if (response.status !== 200) throw new Error(`answered ${response.status}: ${response.text}`);
    return {
      ids: response.body.data.map((order: { orderId: string }) => order.orderId),
      nextCursor: response.body.nextCursor,
      previousCursor: response.body.previousCursor,
    };
  };
  const at = (cursor: string | null) => `cursor=${encodeURIComponent(cursor ?? '')}`;

  it('pages forward with nextCursor and back with previousCursor', async () => {
    const first = await page('limit=3');
    expect(first.ids).toEqual(newestFirst.slice(0, 3));
    expect(first.previousCursor).toBeNull();
    const second = await page(`limit=3&${at(first.nextCursor)}`);
    expect(second.ids).toEqual(newestFirst.slice(3, 6));
    const third = await page(`limit=3&${at(second.nextCursor)}`);
    const last = await page(`limit=3&${at(third.nextCursor)}`);
    expect(last.ids).toEqual(newestFirst.slice(9));
    expect(last.nextCursor).toBeNull();

    const backToThird = await page(`limit=3&${at(last.previousCursor)}`);
    expect(backToThird.ids).toEqual(third.ids);
    const backToSecond = await page(`limit=3&${at(backToThird.previousCursor)}`);
    expect(backToSecond.ids).toEqual(second.ids);
    const backToFirst = await page(`limit=3&${at(backToSecond.previousCursor)}`);
    expect(backToFirst.ids).toEqual(first.ids);
    expect(backToFirst.previousCursor).toBeNull();
    expect(backToFirst.nextCursor).toEqual(expect.any(String));
    expect((await page(`limit=3&${at(backToFirst.nextCursor)}`)).ids).toEqual(second.ids);
  });

  it('pages oldest first the same way under sort=asc', async () => {
    const first = await page('sort=asc&limit=4');
    expect(first.ids).toEqual(newestFirst.slice(-4).reverse());
    const second = await page(`sort=asc&limit=4&${at(first.nextCursor)}`);
    expect(second.ids).toEqual(newestFirst.slice(2, 6).reverse());
    expect((await page(`sort=asc&limit=4&${at(second.previousCursor)}`)).ids).toEqual(first.ids);
  });

  it('keeps a cursor under the same filters spelled differently, and lets the limit change', async () => {
    const first = await page(`limit=2&paymentStatus=quote-phase,succeeded&buyerWalletAddress=${WALLET}`);
    const next = await page(
      `limit=5&paymentStatus=succeeded&paymentStatus=quote-phase&recipientAddress=${WALLET.toUpperCase().replace('0X', '0x')}&${at(first.nextCursor)}`,
    );
    expect(next.ids).toEqual(newestFirst.slice(2, 7));
  });

  it('refuses a cursor under other filters, another sort or another project with a 400 naming cursor', async () => {
    const first = await page('limit=2&paymentStatus=quote-phase');
    for (const [query, key] of [
      [`limit=2&${at(first.nextCursor)}`, shop.serverKey],
      [`limit=2&paymentStatus=succeeded&${at(first.nextCursor)}`, shop.serverKey],
      [`limit=2&paymentStatus=quote-phase&currency=usd&${at(first.nextCursor)}`, shop.serverKey],
      [`limit=2&paymentStatus=quote-phase&sort=asc&${at(first.nextCursor)}`, shop.serverKey],
      [`limit=2&paymentStatus=quote-phase&${at(first.nextCursor)}`, other.serverKey],
    ] as const) {
      const response = await listOrders(server, key, query);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, message: expect.stringContaining('cursor') });
    }
  });

  it('refuses a tampered or made-up cursor with a 400', async () => {
    const { nextCursor } = await page('limit=2');
    const cursor = nextCursor!;
    const [payload, signature] = cursor.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      direction: string;
      key: string[];
    };
    const forged = Buffer.from(JSON.stringify({ ...decoded, key: [decoded.key[0], newestFirst[0]] })).toString(
      'base64url',
    );
    const flip = (text: string, index: number) =>
      text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);
    for (const tampered of [
      `${forged}.${signature}`,
      `${payload}.${flip(signature, 5)}`,
      `${flip(payload, 3)}.${signature}`,
      payload,
      `${cursor}.extra`,
      'not-a-cursor',
    ]) {
      const response = await listOrders(server, shop.serverKey, `limit=2&${at(tampered)}`);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('cursor');
    }
    expect((await listOrders(server, shop.serverKey, 'cursor=')).status).toBe(400);
  });

  it('orders ties on createdAt by order id, so pages never split or repeat them', async () => {
    const tied = await provisionProject(server, 'Tied');
    const createdAt = '2026-04-02T00:00:00.000Z';
    const ids: string[] = [];
    for (let index = 0; index < 7; index++) {
      ids.push((await placeOrder(server, tied.projectId, { kind: 'offramp', createdAt })).orderId);
    }
    expect(await walkAll(server, tied.serverKey, 'limit=2')).toEqual([...ids].sort().reverse());
    expect(await walkAll(server, tied.serverKey, 'limit=3&sort=asc')).toEqual([...ids].sort());
  });
});

describe('GET /2022-06-09/orders: pagination while orders are created', () => {
  let server: TestServer;
  let shop: ListingProject;
  let existing: string[];
  let buyerWallet: string;
  const start = '2026-05-01T00:00:00.000Z';
  const EXISTING = 60;
  const MAX_CREATED = 40;

  beforeAll(async () => {
    server = await startListServer();
    shop = await provisionProject(server, 'Busy');
    buyerWallet = await ownedWallet(server, shop.serverKey, 'userId:busy-buyer');
    existing = [];
    for (const createdAt of timesFrom(start, EXISTING)) {
      existing.push((await placeOrder(server, shop.projectId, { kind: 'onramp', createdAt })).orderId);
    }
  }, SETUP_MS);
  afterAll(() => server.close());

  /**
   * Walks every page while another loop keeps placing orders: new ones through POST (created
   * now, so at the head of a newest-first list and the tail of an oldest-first one) and
   * back-dated ones (appended through the decider) that land between pages already read and
   * pages still to come.
   */
  const walkWhileCreating = async (query: string) => {
    let walking = true;
    const created: string[] = [];
    const creating = (async () => {
      // Bounded, so an oldest-first walk (which meets the new orders at its end) always ends.
      for (let index = 0; walking && index < MAX_CREATED; index++) {
        const backDated = new Date(Date.parse(start) + ((index * 7919) % EXISTING) * 1000 + 500).toISOString();
        created.push(
          index % 2 === 0
            ? await postOnrampOrder(server, shop.serverKey, buyerWallet)
            : (await placeOrder(server, shop.projectId, { kind: 'offramp', createdAt: backDated })).orderId,
        );
      }
    })();
    let seen: string[];
    try {
      seen = await walkAll(server, shop.serverKey, query);
    } finally {
      walking = false;
      await creating;
    }
    return { seen, created };
  };

  it.each(['limit=4', 'limit=5&sort=asc', 'limit=3&currency=usd,usdc'])(
    'never skips or repeats an order (%s)',
    async (query) => {
      const before = existing;
      const { seen, created } = await walkWhileCreating(query);
      // Known to the next walk whatever this one finds, so one failure does not fail the others.
      existing = [...before, ...created];
      // Orders were placed while the pages were read (how many depends on the machine's speed).
      expect(created.length).toBeGreaterThan(0);
      expect(new Set(seen).size).toBe(seen.length);
      const seenSet = new Set(seen);
      expect(before.filter((id) => !seenSet.has(id))).toEqual([]);
      const known = new Set([...before, ...created]);
      expect(seen.filter((id) => !known.has(id))).toEqual([]);
    },
    SETUP_MS,
  );
});
