/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { type Harness, ALICE, BOB, runBody, startHarness } from './support/harness.js';

let h: Harness;
beforeAll(async () => {
  // No runner: runs stay queued and nothing reaches a merchant.
  h = await startHarness({ env: { AGENT_CHECKOUT_RUNNER: 'off' } });
});
afterAll(() => h.close());

const valid = () => runBody(h.product('mug'), '50');
const create = (body: unknown, as = ALICE) => h.call('POST', '/unstable/agent-checkouts', { body, as });
const with_ = (change: (body: any) => void) => {
  const body: any = structuredClone(valid());
  change(body);
  return body;
};
const issuePaths = (response: { body: any }): string[] =>
  (response.body.parameters?.issues ?? []).map((issue: any) => issue.path);

describe('POST /unstable/agent-checkouts validates the input object to the letter', () => {
  const UUID = '3f1b7c2e-8d4a-4b6f-9c1e-2a5d7e9f0b13';
  const cases: [string, () => unknown, string][] = [
    ['a body that is not an object', () => [], 'body'],
    ['no constraints', () => with_((b) => delete b.constraints), 'constraints'],
    ['no maxCost', () => with_((b) => (b.constraints = {})), 'constraints.maxCost'],
    [
      'a maxCost amount of zero',
      () => with_((b) => (b.constraints.maxCost.amount = '0')),
      'constraints.maxCost.amount',
    ],
    [
      'a maxCost amount of 0.000000',
      () => with_((b) => (b.constraints.maxCost.amount = '0.000000')),
      'constraints.maxCost.amount',
    ],
    ['a negative amount', () => with_((b) => (b.constraints.maxCost.amount = '-5')), 'constraints.maxCost.amount'],
    [
      'an amount with an exponent',
      () => with_((b) => (b.constraints.maxCost.amount = '1e3')),
      'constraints.maxCost.amount',
    ],
    [
      'an amount with 7 fractional digits',
      () => with_((b) => (b.constraints.maxCost.amount = '1.0000001')),
      'constraints.maxCost.amount',
    ],
    [
      'an amount with 16 integer digits',
      () => with_((b) => (b.constraints.maxCost.amount = '1234567890123456')),
      'constraints.maxCost.amount',
    ],
    ['an amount as a number', () => with_((b) => (b.constraints.maxCost.amount = 50)), 'constraints.maxCost.amount'],
    [
      'a lowercase currency',
      () => with_((b) => (b.constraints.maxCost.currency = 'usd')),
      'constraints.maxCost.currency',
    ],
    [
      'a four-letter currency',
      () => with_((b) => (b.constraints.maxCost.currency = 'USDT')),
      'constraints.maxCost.currency',
    ],
    ['no request', () => with_((b) => delete b.request), 'request'],
    ['no startUrl', () => with_((b) => delete b.request.startUrl), 'request.startUrl'],
    ['a startUrl that is not a URI', () => with_((b) => (b.request.startUrl = 'not a url')), 'request.startUrl'],
    ['a relative startUrl', () => with_((b) => (b.request.startUrl = '/products/mug')), 'request.startUrl'],
    ['an empty task', () => with_((b) => (b.request.task = '')), 'request.task'],
    ['a task of 20001 characters', () => with_((b) => (b.request.task = 'x'.repeat(20001))), 'request.task'],
    ['an empty merchantGuidance', () => with_((b) => (b.merchantGuidance = '')), 'merchantGuidance'],
    [
      'a merchantGuidance of 20001 characters',
      () => with_((b) => (b.merchantGuidance = 'x'.repeat(20001))),
      'merchantGuidance',
    ],
    ['a buyerProfileId that is not a UUID', () => with_((b) => (b.buyerProfileId = 'profile-1')), 'buyerProfileId'],
    ['an empty browser object', () => with_((b) => (b.browser = {})), 'browser'],
    [
      'a browser.profileId that is not a UUID',
      () => with_((b) => (b.browser = { profileId: 'nope' })),
      'browser.profileId',
    ],
    [
      'a location type other than country',
      () => with_((b) => (b.browser = { location: { type: 'city', countryCode: 'US' } })),
      'browser.location.type',
    ],
    [
      'an unassigned country code',
      () => with_((b) => (b.browser = { location: { type: 'country', countryCode: 'XX' } })),
      'browser.location.countryCode',
    ],
    [
      'a reserved country code',
      () => with_((b) => (b.browser = { location: { type: 'country', countryCode: 'EU' } })),
      'browser.location.countryCode',
    ],
    [
      'a location without a country code',
      () => with_((b) => (b.browser = { location: { type: 'country' } })),
      'browser.location.countryCode',
    ],
    ['an unknown field in request', () => with_((b) => (b.request.cardNumber = '4242424242424242')), 'request'],
    ['an unknown top-level field', () => with_((b) => (b.status = 'succeeded')), 'body'],
    [
      'a browser profile id of the right shape but a buyer profile of the wrong one',
      () => with_((b) => ((b.browser = { profileId: UUID }), (b.buyerProfileId = 'x'))),
      'buyerProfileId',
    ],
  ];

  it.each(cases)('answers 400 naming the field for %s', async (_name, body, field) => {
    const response = await create(body());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code: 'invalid_request' });
    expect(issuePaths(response)).toContain(field);
    expect(response.body.message).toContain(field);
  });

  it('accepts the edges of each rule and echoes the input as normalised', async () => {
    const body = with_((b) => {
      b.constraints.maxCost.amount = '0.000001';
      b.request.task = '🛒'.repeat(20000);
      b.merchantGuidance = 'g';
      b.browser = { location: { type: 'country', countryCode: ' fr ' } };
    });
    const response = await create(body);
    expect(response.status).toBe(202);
    expect(response.body.input).toEqual({ ...body, browser: { location: { type: 'country', countryCode: 'FR' } } });
    const large = await create(with_((b) => (b.constraints.maxCost.amount = '999999999999999.999999')));
    expect(large.status).toBe(202);
    expect(large.body.input.constraints.maxCost.amount).toBe('999999999999999.999999');
  });
});

describe('the start URL guard', () => {
  const refused = [
    'http://10.0.0.5/shop',
    'http://192.168.1.20:8080/products/mug',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:4100/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://localhost/',
    'http://127.0.0.1:1/',
  ];

  it.each(refused)('refuses %s with a 400 naming request.startUrl', async (startUrl) => {
    const response = await create(runBody(startUrl, '50'));
    expect(response.status).toBe(400);
    expect(issuePaths(response)).toEqual(['request.startUrl']);
    expect(response.body.message).toMatch(/^request\.startUrl: /);
  });

  it('accepts the allow-listed host in any spelling, and public addresses', async () => {
    const port = new URL(h.shop.url).port;
    expect((await create(runBody(`http://127.1:${port}/products/mug`, '50'))).status).toBe(202);
    expect((await create(runBody('http://93.184.216.34/shop', '50'))).status).toBe(202);
  });
});

describe('profiles a run names', () => {
  const buyerBody = {
    shipping: {
      addressLines: ['1 Market St'],
      locality: 'San Francisco',
      administrativeAreaCode: 'CA',
      postalCode: '94105',
      countryCode: 'US',
    },
  };

  it('must exist for the same user: otherwise a 400 naming the field', async () => {
    const bobsBuyer = (await h.call('POST', '/unstable/agent-checkouts/buyer-profiles', { as: BOB, body: buyerBody }))
      .body.id;
    const bobsBrowser = (await h.call('POST', '/unstable/agent-checkouts/browser-profiles', { as: BOB, body: {} })).body
      .id;
    const missing = crypto.randomUUID();

    for (const buyerProfileId of [missing, bobsBuyer]) {
      const response = await create(with_((b) => (b.buyerProfileId = buyerProfileId)));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'buyer_profile_not_found', parameters: { field: 'buyerProfileId' } });
    }
    for (const profileId of [missing, bobsBrowser]) {
      const response = await create(with_((b) => (b.browser = { profileId })));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'browser_profile_not_found',
        parameters: { field: 'browser.profileId' },
      });
    }

    expect(
      (
        await create(
          with_((b) => (b.buyerProfileId = bobsBuyer)),
          BOB,
        )
      ).status,
    ).toBe(202);
    expect(
      (
        await create(
          with_((b) => (b.browser = { profileId: bobsBrowser })),
          BOB,
        )
      ).status,
    ).toBe(202);
  });
});

describe('headers and scopes', () => {
  it('needs X-API-KEY (401) and the scope of each operation (401 naming it)', async () => {
    const anonymous = await fetch(`${h.server.baseUrl}/unstable/agent-checkouts`);
    expect(anonymous.status).toBe(401);

    const readOnly = await h.keyWith(['agent-checkouts.read']);
    const list = await fetch(`${h.server.baseUrl}/unstable/agent-checkouts`, { headers: { 'x-api-key': readOnly } });
    expect(list.status).toBe(200);
    const createWithoutScope = await fetch(`${h.server.baseUrl}/unstable/agent-checkouts`, {
      method: 'POST',
      headers: { 'x-api-key': readOnly, 'content-type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(createWithoutScope.status).toBe(401);
    expect(await createWithoutScope.json()).toMatchObject({
      code: 'missing_scope',
      parameters: { requiredScopes: ['agent-checkouts.create'] },
    });

    const deleteWithoutScope = await fetch(
      `${h.server.baseUrl}/unstable/agent-checkouts/browser-profiles/${crypto.randomUUID()}`,
      {
        method: 'DELETE',
        headers: { 'x-api-key': readOnly },
      },
    );
    expect(deleteWithoutScope.status).toBe(401);
    expect(await deleteWithoutScope.json()).toMatchObject({
      parameters: { requiredScopes: ['agent-checkouts.browser-profiles.delete'] },
    });
  });

  it('validates the list query: limit 1 to 100, cursor not empty', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=1e2', 'limit'],
      ['cursor=', 'cursor'],
      ['cursor=forged', 'cursor'],
    ]) {
      const response = await h.call('GET', `/unstable/agent-checkouts?${query}`);
      expect(response.status).toBe(400);
      expect(issuePaths(response)).toEqual([field]);
    }
    expect((await h.call('GET', '/unstable/agent-checkouts?limit=100&utm_source=x')).status).toBe(200);
  });
});
