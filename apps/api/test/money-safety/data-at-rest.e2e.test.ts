import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SqliteEventStore } from '@paykit/event-store';
import { openReadModelDatabase, readModelDatabasePath, rebuildProjection } from '@paykit/projections';
import { buyerProfilesProjection } from '../../src/agent-checkouts/buyer-profiles/buyer-profiles.projection.js';
import { type Api, KillHarness, pollUntil } from './support/kill-harness.js';
import { CHAIN, ORDERS, WALLETS, depositFor, offrampBody, sellerOf } from './support/offramp-fixtures.js';

const CARD_NUMBER = '4242424242424242';
const ACCOUNT_NUMBER = '000987654321';

/** Every file under `dir`, depth first. */
const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]),
    ),
  );
  return nested.flat();
};

/** Which of `secrets` appear byte for byte in which files of `dir`. */
const inClear = async (dir: string, secrets: ReadonlyMap<string, string>): Promise<string[]> => {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const bytes = await readFile(file);
    for (const [what, secret] of secrets) {
      if (bytes.includes(Buffer.from(secret, 'utf8'))) found.push(`${what} in ${file.slice(dir.length + 1)}`);
    }
  }
  return found;
};

/**
 * Data at rest after a run of keyed orders (onramp and offramp, paid by card and by deposit),
 * card tokens, payment methods and transfers: no file of the data directory (the SQLite event
 * store and read models with their WAL, journals, blobs) holds a client secret, an API key, a
 * card number or token, or a bank account number in clear; looked at right after a SIGKILL (WAL
 * and journals as the crash left them) and after a clean restart and stop.
 */
describe('secrets at rest in the data directory', () => {
  let h: KillHarness;
  beforeAll(async () => {
    h = await KillHarness.create();
  });
  afterAll(() => h.remove());

  it('holds no client secret, API key, card number or token, or account number in clear', async () => {
    const secrets = new Map<string, string>([
      ['card number', CARD_NUMBER],
      ['bank account number', ACCOUNT_NUMBER],
    ]);
    const server = await h.start();
    const api: Api = h.apiOf(server);
    secrets.set('server API key', api.project.serverKey);
    secrets.set('client API key', api.project.clientKey);
    let keys = 0;
    const keyed = () => ({ 'x-idempotency-key': `at-rest-${++keys}` });

    const buyer = (
      await api.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:at-rest@example.com' }, keyed())
    ).body.address;
    for (const amount of ['20', '150']) {
      const created = await api.call(
        'POST',
        ORDERS,
        {
          recipient: { walletAddress: buyer },
          payment: { method: 'card', currency: 'usd', receiptEmail: 'at-rest@example.com' },
          lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount, maxSlippageBps: '100' } }],
        },
        keyed(),
      );
      expect(created.status).toBe(201);
      secrets.set(`client secret of the ${amount} usd order`, created.body.clientSecret);
      if (amount !== '20') continue;
      const card = await api.call(
        'POST',
        '/unstable/card-tokens',
        { number: CARD_NUMBER, expMonth: 12, expYear: 2040, cvc: '123' },
        keyed(),
      );
      secrets.set('card token', card.body.token);
      const paid = await api.callAs(
        api.project.clientKey,
        'POST',
        `${ORDERS}/${created.body.order.orderId}/payment`,
        { type: 'card-token', token: card.body.token },
        { authorization: created.body.clientSecret, ...keyed() },
      );
      expect(paid.status).toBe(200);
    }
    const seller = await sellerOf(api, 'email:seller-at-rest@example.com');
    const offramp = await api.call('POST', ORDERS, offrampBody(seller, '25'), keyed());
    secrets.set('client secret of the offramp order', offramp.body.clientSecret);
    const txId = await depositFor(api, seller, offramp.body.order);
    const paid = await api.call(
      'POST',
      `${ORDERS}/${offramp.body.order.orderId}/payment`,
      { type: 'crypto-tx-id', txId },
      keyed(),
    );
    expect(paid.status).toBe(200);
    const sent = await api.call(
      'POST',
      `${WALLETS}/${seller.wallet}/tokens/${CHAIN}:usdc/transfers`,
      { recipient: buyer, amount: '1' },
      keyed(),
    );
    await pollUntil(
      () => api.call('GET', `${WALLETS}/${seller.wallet}/transactions/${sent.body.id}`),
      (answer) => answer.body.status === 'success',
    );
    await pollUntil(
      () => api.call('GET', `${ORDERS}/${offramp.body.order.orderId}`),
      (answer) => answer.body.phase === 'completed',
    );

    await server.kill();
    // The look reaches the stored data: the order's id, which is no secret, is found.
    expect(await inClear(h.dataDir, new Map([['an order id', offramp.body.order.orderId]]))).not.toEqual([]);
    expect(await inClear(h.dataDir, secrets)).toEqual([]);
    await (await h.start()).stop();
    expect(await inClear(h.dataDir, secrets)).toEqual([]);
  }, 120_000);

  /**
   * ADR 0505 and issue 30, finding 6: a buyer profile's name, contact and address are sealed under
   * a key of the profile's own, which DELETE destroys (docs/adr/0509); no file holds them in clear,
   * before or after, and neither the events nor a rebuild of the read model from position 0 bring
   * them back. One server start: the files are read beside the running server, then after a SIGKILL.
   */
  it('keeps buyer profiles sealed at rest, and erases them for good on DELETE', async () => {
    const PROFILES = '/unstable/agent-checkouts/buyer-profiles';
    const personal = new Map([
      ['first name', 'Zebulonia'],
      ['last name', 'Quillfeather'],
      ['email', 'zq.sealed@example.org'],
      ['phone', '+442079460321'],
      ['street', '77 Quincunx Lane'],
      ['second street', '9 Obelisk Mews'],
      ['locality', 'Llanfairfechan'],
      ['postal code', 'LL33 0ZX'],
    ]);
    const address = (street: string) => ({
      addressLines: [street],
      locality: 'Llanfairfechan',
      postalCode: 'LL33 0ZX',
      countryCode: 'GB',
    });
    const server = await h.start();
    const api: Api = h.apiOf(server);
    const created = await api.call('POST', PROFILES, {
      label: 'home',
      name: { first: 'Zebulonia', last: 'Quillfeather' },
      contact: { email: 'zq.sealed@example.org', phone: '+442079460321' },
      shipping: address('77 Quincunx Lane'),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const patched = await api.call('PATCH', `${PROFILES}/${id}`, { shipping: address('9 Obelisk Mews') });
    // The answers are what they always were: the details in clear, to their owner.
    expect(patched.body).toEqual({
      ...created.body,
      shipping: address('9 Obelisk Mews'),
      updatedAt: expect.any(String),
    });
    expect((await api.call('GET', `${PROFILES}/${id}`)).body).toEqual(patched.body);
    expect((await api.call('GET', PROFILES)).body.data).toContainEqual(patched.body);

    // The look reaches the profile's events and rows: its id, which is no personal data, is found.
    expect(await inClear(h.dataDir, new Map([['the profile id', id]]))).not.toEqual([]);
    expect(await inClear(h.dataDir, personal)).toEqual([]);
    const keyStream = `dataKey-buyerProfile-${id}`;
    const keyEvents = (await h.events()).filter((event) => event.streamName === keyStream);
    expect(keyEvents).toHaveLength(1);
    const wrappedKey = new Map([['the wrapped data key', (keyEvents[0]!.data as { wrapped: string }).wrapped]]);

    expect((await api.call('DELETE', `${PROFILES}/${id}`)).status).toBe(204);
    expect((await api.call('GET', `${PROFILES}/${id}`)).status).toBe(404);
    await server.kill();

    // The data key is gone from the store, and its bytes from every file (the WAL included).
    expect((await h.events()).filter((event) => event.streamName === keyStream)).toEqual([]);
    expect(await inClear(h.dataDir, wrappedKey)).toEqual([]);
    // A rebuild from position 0 replays the sealed events without their key: nothing comes back.
    const store = new SqliteEventStore({ dataDir: h.dataDir });
    const db = openReadModelDatabase(readModelDatabasePath(h.dataDir));
    try {
      await rebuildProjection({ store, db, projection: buyerProfilesProjection });
      expect(db.prepare('SELECT id FROM agent_checkout_buyer_profiles WHERE id = ?').all(id)).toEqual([]);
    } finally {
      db.close();
      await store.close();
    }
    expect(await inClear(h.dataDir, personal)).toEqual([]);
  }, 60_000);
});
