import { type PayKitClient, type components, createPayKitClient, expectOk } from '@paykit/client';
import { PRODUCTION_WITH_SANDBOXES } from '../support/production-env.js';
import { type IdentityServer, startIdentityServer } from '../users/identity-fixtures.js';

type Page = components['schemas']['SupportedTokenPage'];
type TokensQuery = { chains?: string; tokenClasses?: string; limit?: string; cursor?: string };

const STAGING_CHAINS = [
  'aptos',
  'arbitrum-sepolia',
  'base-sepolia',
  'ethereum-sepolia',
  'optimism-sepolia',
  'polygon-amoy',
  'solana',
  'stellar',
  'sui',
];

describe('GET /2024-09-26/tokens', () => {
  describe('in staging', () => {
    let api: IdentityServer;
    let client: PayKitClient;
    beforeAll(async () => {
      api = await startIdentityServer();
      client = createPayKitClient({ baseUrl: api.server.baseUrl, apiKey: api.shop.serverKey });
    });
    afterAll(() => api.close());

    /** The typed client (packages/client): a wrong parameter name would not compile. */
    const list = (query: TokensQuery = {}): Promise<Page> =>
      expectOk(client.GET('/2024-09-26/tokens', { params: { query } }));

    const walk = async (query: TokensQuery, direction: 'next' | 'previous', from?: string): Promise<Page[]> => {
      const pages: Page[] = [];
      let cursor: string | null | undefined = from;
      do {
        const page = await list({ ...query, ...(cursor == null ? {} : { cursor }) });
        pages.push(page);
        cursor = direction === 'next' ? page.nextCursor : page.previousCursor;
      } while (cursor !== null);
      return pages;
    };

    it('lists the test networks’ onramp tokens by default (memecoin,onramp), each available by card', async () => {
      const page = await list();
      const tokens = page.data.map((entry) => entry.token);
      expect(tokens).toHaveLength(STAGING_CHAINS.length * 2);
      expect(tokens).toEqual([...tokens].sort());
      expect(tokens).toEqual(
        expect.arrayContaining([
          'base-sepolia:eth',
          'base-sepolia:usdxm',
          'solana:sol',
          'polygon-amoy:pol',
          'stellar:xlm',
        ]),
      );
      expect(tokens.some((token) => /^(base|ethereum|polygon):/.test(token))).toBe(false);
      expect(page.data.every((entry) => entry.available && entry.features.creditCardPayment)).toBe(true);
      expect(page).toMatchObject({ nextCursor: null, previousCursor: null });
    });

    it('filters by chains and by token classes (any class matches)', async () => {
      const chains = await list({ chains: 'solana,base-sepolia' });
      expect(chains.data.map((entry) => entry.token)).toEqual([
        'base-sepolia:eth',
        'base-sepolia:usdxm',
        'solana:sol',
        'solana:usdxm',
      ]);
      const stablecoins = await list({ tokenClasses: 'stablecoin' });
      expect(stablecoins.data.map((entry) => entry.token)).toEqual(STAGING_CHAINS.map((chain) => `${chain}:usdxm`));
      const natives = await list({ tokenClasses: 'native', chains: 'sui' });
      expect(natives.data.map((entry) => entry.token)).toEqual(['sui:sui']);
      const both = await list({ tokenClasses: 'native,stablecoin', chains: 'sui' });
      expect(both.data.map((entry) => entry.token)).toEqual(['sui:sui', 'sui:usdxm']);
      const memecoins = await list({ tokenClasses: 'memecoin' });
      expect(memecoins).toEqual({ data: [], nextCursor: null, previousCursor: null });
    });

    it.each([
      ['?chains=base', 'chains', /base.*production/],
      ['?chains=dogechain', 'chains', /unknown chain/],
      ['?tokenClasses=onramp,nft', 'tokenClasses[1]', /must be one of/],
      ['?limit=101', 'limit', /at most 100/],
      ['?limit=0', 'limit', /at least 1/],
      ['?limit=ten', 'limit', /whole number/],
      ['?limit=1.5', 'limit', /whole number/],
      ['?limit=', 'limit', /whole number/],
      ['?cursor=', 'cursor', /empty/],
      ['?cursor=not-a-cursor', 'cursor', /not a cursor/],
    ])('answers 400 naming the parameter for %s', async (query, field, message) => {
      const response = await api.call('GET', `/2024-09-26/tokens${query}`);
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues[0]).toMatchObject({
        path: field,
        message: expect.stringMatching(message),
      });
    });

    it('takes limit as a string of digits up to 100, 30 by default', async () => {
      expect((await list({ limit: '5' })).data).toHaveLength(5);
      expect((await list({ limit: '100', tokenClasses: 'onramp,native,stablecoin' })).data).toHaveLength(18);
      // Without a limit a page holds up to 30: all 18 staging tokens, and no next page.
      const unlimited = await list({ tokenClasses: 'onramp' });
      expect(unlimited.data).toHaveLength(18);
      expect(unlimited.nextCursor).toBeNull();
    });

    it('pages forwards and backwards without skipping or repeating', async () => {
      const everything = (await list({ limit: '100' })).data.map((entry) => entry.token);
      const forwards = await walk({ limit: '4' }, 'next');
      expect(forwards).toHaveLength(Math.ceil(everything.length / 4));
      expect(forwards.flatMap((page) => page.data.map((entry) => entry.token))).toEqual(everything);
      expect(forwards[0]?.previousCursor).toBeNull();
      expect(forwards.at(-1)?.nextCursor).toBeNull();

      const backwards = await walk({ limit: '4' }, 'previous', forwards.at(-1)?.previousCursor ?? undefined);
      expect(backwards.flatMap((page) => page.data.map((entry) => entry.token))).toEqual(
        forwards
          .slice(0, -1)
          .reverse()
          .flatMap((page) => page.data.map((entry) => entry.token)),
      );
      expect(backwards.map((page) => page.data)).toEqual(
        forwards
          .slice(0, -1)
          .reverse()
          .map((page) => page.data),
      );
    });

    it('binds a cursor to its filters and refuses an altered one', async () => {
      const first = await list({ limit: '2', tokenClasses: 'onramp' });
      const cursor = first.nextCursor as string;
      const same = await list({ limit: '7', tokenClasses: 'onramp', cursor });
      expect(same.data.length).toBeGreaterThan(0);
      const otherFilters = await api.call(
        'GET',
        `/2024-09-26/tokens?limit=2&tokenClasses=native&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(otherFilters.status).toBe(400);
      expect(otherFilters.body.parameters.issues[0].path).toBe('cursor');
      const [payload, signature] = cursor.split('.');
      const forged = `${Buffer.from(JSON.stringify({ direction: 'after', key: 'a' })).toString('base64url')}.${signature}`;
      expect((await api.call('GET', `/2024-09-26/tokens?tokenClasses=onramp&cursor=${forged}`)).status).toBe(400);
      expect(
        (await api.call('GET', `/2024-09-26/tokens?tokenClasses=onramp&cursor=${payload}.${'A'.repeat(43)}`)).status,
      ).toBe(400);
    });

    it('answers 401 to a key without tokens.read', async () => {
      const response = await api.call('GET', '/2024-09-26/tokens', undefined, await api.keyWith(['users.read']));
      expect(response.status).toBe(401);
    });
  });

  describe('in production', () => {
    let api: IdentityServer;
    beforeAll(async () => {
      api = await startIdentityServer({ env: PRODUCTION_WITH_SANDBOXES });
    });
    afterAll(() => api.close());

    it('lists main-network tokens and memecoins, the memecoins not (yet) for sale', async () => {
      const response = await api.call<Page>('GET', '/2024-09-26/tokens?limit=100');
      expect(response.status).toBe(200);
      const byToken = new Map(response.body.data.map((entry) => [entry.token, entry]));
      expect(byToken.get('base:usdc')).toEqual({
        token: 'base:usdc',
        available: true,
        features: { creditCardPayment: true },
      });
      expect(byToken.get('ethereum:eth')?.available).toBe(true);
      expect(byToken.get('solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263')).toEqual({
        token: 'solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
        available: false,
        features: { creditCardPayment: false },
      });
      expect(byToken.has('ethereum:0x6982508145454Ce325dDbE47a25d4ec3d2311933')).toBe(true);
      expect([...byToken.keys()].some((token) => /sepolia|amoy|usdxm/.test(token))).toBe(false);
      const memecoins = await api.call<Page>('GET', '/2024-09-26/tokens?tokenClasses=memecoin');
      expect(memecoins.body.data).toHaveLength(4);
    });

    it('refuses a test network', async () => {
      const response = await api.call('GET', '/2024-09-26/tokens?chains=base-sepolia');
      expect(response.status).toBe(400);
      expect(response.body.parameters.issues[0].message).toMatch(/staging/);
    });

    it('takes no card number: POST /unstable/card-tokens is a 400 naming the browser tokenization', async () => {
      const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
      const response = await api.call('POST', '/unstable/card-tokens', card);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: true, code: 'card_numbers_not_accepted' });
      expect(response.body.message).toMatch(/not accepted in production.*Stripe\.js/);
      expect(JSON.stringify(response.body)).not.toContain(card.number);
    });
  });
});
