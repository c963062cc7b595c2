import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
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
});
