import { ISO_3166_ALPHA2_CODES, agentCheckoutCreateBodySchema } from '../../src/agent-checkouts/index.js';

const PROFILE = '0b8a6a1e-6f4e-4a43-9e0a-3c1f0f7e5d21';
const valid = () => ({
  constraints: { maxCost: { amount: '120.50', currency: 'USD' } },
  request: { startUrl: 'https://shop.example.com/products/tee?size=m', task: 'Buy the tee in size M' },
  merchantGuidance: 'Prefer standard shipping',
  buyerProfileId: PROFILE,
  browser: { profileId: PROFILE, location: { type: 'country', countryCode: 'US' } },
});

const parse = (body: unknown) => agentCheckoutCreateBodySchema.safeParse(body);
/** Paths of the issues a body raises, as "a.b.c". */
const failures = (body: unknown): string[] => parse(body).error?.issues.map((issue) => issue.path.join('.')) ?? [];
const withAmount = (amount: unknown) => ({ ...valid(), constraints: { maxCost: { amount, currency: 'USD' } } });
const withCurrency = (currency: unknown) => ({ ...valid(), constraints: { maxCost: { amount: '1', currency } } });
const withRequest = (request: unknown) => ({ ...valid(), request });
const withBrowser = (browser: unknown) => ({ ...valid(), browser });
const withCountry = (countryCode: unknown) => withBrowser({ location: { type: 'country', countryCode } });

describe('create body: the spec input object', () => {
  it('accepts a complete body and returns it unchanged', () => {
    expect(parse(valid()).data).toStrictEqual(valid());
  });

  it('accepts the minimal body: maxCost and startUrl only', () => {
    const minimal = {
      constraints: { maxCost: { amount: '1', currency: 'EUR' } },
      request: { startUrl: 'http://shop.test/' },
    };
    expect(parse(minimal).data).toStrictEqual(minimal);
  });

  it.each([['constraints'], ['request']])('requires %s', (field) => {
    const body: Record<string, unknown> = valid();
    delete body[field];
    expect(failures(body)).toEqual([field]);
  });

  it('requires maxCost, its amount and its currency, and startUrl', () => {
    expect(failures({ ...valid(), constraints: {} })).toEqual(['constraints.maxCost']);
    expect(failures({ ...valid(), constraints: { maxCost: { currency: 'USD' } } })).toEqual([
      'constraints.maxCost.amount',
    ]);
    expect(failures({ ...valid(), constraints: { maxCost: { amount: '1' } } })).toEqual([
      'constraints.maxCost.currency',
    ]);
    expect(failures(withRequest({ task: 'x' }))).toEqual(['request.startUrl']);
  });

  describe('maxCost.amount', () => {
    it.each([
      ['0.5'],
      ['0.000001'],
      ['1'],
      ['10'],
      ['120.50'],
      ['1.000000'],
      ['999999999999999'],
      ['999999999999999.999999'],
    ])('accepts %s', (amount) => {
      expect(failures(withAmount(amount))).toEqual([]);
    });

    it.each([
      ['0', 'zero'],
      ['0.0', 'zero with a zero fraction'],
      ['0.000000', 'zero with six zero digits'],
      ['0.0000001', 'below 1 with its only non-zero digit beyond six'],
      ['1234567890123456', '16 integer digits'],
      ['1.1234567', '7 fractional digits'],
      ['-1', 'negative'],
      ['+1', 'signed'],
      ['01', 'a leading zero'],
      ['.5', 'no integer part'],
      ['1.', 'no fraction after the point'],
      ['1e3', 'an exponent'],
      [' 1', 'surrounding space'],
      ['1,5', 'a comma'],
      ['١', 'non-ASCII digits'],
      ['', 'empty'],
    ])('refuses %s (%s)', (amount) => {
      expect(failures(withAmount(amount))).toEqual(['constraints.maxCost.amount']);
    });

    it('refuses a number instead of a string', () => {
      expect(failures(withAmount(10))).toEqual(['constraints.maxCost.amount']);
    });
  });

  describe('maxCost.currency', () => {
    it.each([['USD'], ['EUR'], ['JPY']])('accepts %s', (currency) =>
      expect(failures(withCurrency(currency))).toEqual([]),
    );
    it.each([['usd'], ['US'], ['USDC'], ['U5D'], [' USD'], ['']])('refuses %j', (currency) => {
      expect(failures(withCurrency(currency))).toEqual(['constraints.maxCost.currency']);
    });
  });

  describe('request.startUrl', () => {
    it.each([
      ['https://shop.example.com/p/1'],
      ['http://127.0.0.1:4000/products/tee'],
      ['HTTPS://SHOP.EXAMPLE.COM/'],
      ['https://xn--bcher-kva.example/a%20b'],
    ])('accepts %s', (startUrl) => expect(failures(withRequest({ startUrl }))).toEqual([]));
    it.each([
      ['shop.example.com/p/1', 'relative'],
      ['/products/tee', 'a path'],
      ['ftp://shop.example.com/', 'another scheme'],
      ['javascript:alert(1)', 'a script'],
      ['http:shop.example.com', 'no authority'],
      ['https://shop.example.com/a b', 'a space'],
      [' https://shop.example.com/', 'surrounding space'],
      ['https://bücher.example/', 'raw non-ASCII'],
      ['https://shop.example.com/%zz', 'a broken escape'],
      ['https://', 'no host'],
      ['', 'empty'],
    ])('refuses %j (%s)', (startUrl) => {
      expect(failures(withRequest({ startUrl }))).toContain('request.startUrl');
    });
  });

  describe('request.task and merchantGuidance: 1 to 20000 characters', () => {
    it('accepts 1 and 20000 characters, an emoji counting as one', () => {
      expect(failures(withRequest({ startUrl: 'https://a.test/', task: 'x' }))).toEqual([]);
      expect(failures(withRequest({ startUrl: 'https://a.test/', task: 'x'.repeat(20000) }))).toEqual([]);
      expect(failures({ ...valid(), merchantGuidance: '🛒'.repeat(20000) })).toEqual([]);
    });

    it('refuses empty and 20001 characters', () => {
      expect(failures(withRequest({ startUrl: 'https://a.test/', task: '' }))).toEqual(['request.task']);
      expect(failures(withRequest({ startUrl: 'https://a.test/', task: 'x'.repeat(20001) }))).toEqual(['request.task']);
      expect(failures({ ...valid(), merchantGuidance: '' })).toEqual(['merchantGuidance']);
      expect(failures({ ...valid(), merchantGuidance: '🛒'.repeat(20001) })).toEqual(['merchantGuidance']);
    });

    it('refuses null for an optional field', () => {
      expect(failures({ ...valid(), merchantGuidance: null })).toEqual(['merchantGuidance']);
    });
  });

  describe('buyerProfileId and browser.profileId: UUIDs', () => {
    it.each([['00000000-0000-0000-0000-000000000000'], ['6BA7B810-9DAD-11D1-80B4-00C04FD430C8']])('accept %s', (id) => {
      expect(failures({ ...valid(), buyerProfileId: id, browser: { profileId: id } })).toEqual([]);
    });
    it.each([['not-a-uuid'], ['0b8a6a1e6f4e4a439e0a3c1f0f7e5d21'], ['{0b8a6a1e-6f4e-4a43-9e0a-3c1f0f7e5d21}'], ['']])(
      'refuse %j',
      (id) => {
        expect(failures({ ...valid(), buyerProfileId: id })).toEqual(['buyerProfileId']);
        expect(failures(withBrowser({ profileId: id }))).toEqual(['browser.profileId']);
      },
    );
  });

  describe('browser', () => {
    it('needs at least one property when present', () => {
      expect(failures(withBrowser({}))).toEqual(['browser']);
    });

    it('accepts only a profile or only a location', () => {
      expect(failures(withBrowser({ profileId: PROFILE }))).toEqual([]);
      expect(failures(withBrowser({ location: { type: 'country', countryCode: 'FR' } }))).toEqual([]);
    });

    it('requires location.type = country and a countryCode', () => {
      expect(failures(withBrowser({ location: { type: 'city', countryCode: 'US' } }))).toEqual([
        'browser.location.type',
      ]);
      expect(failures(withBrowser({ location: { countryCode: 'US' } }))).toEqual(['browser.location.type']);
      expect(failures(withBrowser({ location: { type: 'country' } }))).toEqual(['browser.location.countryCode']);
    });

    it.each([
      [' us ', 'US'],
      ['gb', 'GB'],
      ['De', 'DE'],
      ['\tjp\n', 'JP'],
    ])('trims and uppercases countryCode %j to %s', (given, expected) => {
      expect(parse(withCountry(given)).data?.browser?.location?.countryCode).toBe(expected);
    });

    it.each([['XX'], ['UK'], ['EU'], ['XK'], ['USA'], ['U'], [''], ['  '], ['u s']])(
      'refuses countryCode %j',
      (code) => {
        expect(failures(withCountry(code))).toEqual(['browser.location.countryCode']);
      },
    );

    it('knows all 249 assigned codes, each accepted', () => {
      expect(ISO_3166_ALPHA2_CODES).toHaveLength(249);
      expect(new Set(ISO_3166_ALPHA2_CODES).size).toBe(249);
      for (const code of ISO_3166_ALPHA2_CODES) expect(failures(withCountry(code.toLowerCase()))).toEqual([]);
    });
  });

  describe('unknown fields are refused at every level', () => {
    it.each([
      [{ ...valid(), extra: 1 }, ''],
      [{ ...valid(), constraints: { maxCost: { amount: '1', currency: 'USD' }, maxItems: 2 } }, 'constraints'],
      [{ ...valid(), constraints: { maxCost: { amount: '1', currency: 'USD', fx: true } } }, 'constraints.maxCost'],
      [withRequest({ startUrl: 'https://a.test/', quantity: 2 }), 'request'],
      [withBrowser({ profileId: PROFILE, headless: true }), 'browser'],
      [withBrowser({ location: { type: 'country', countryCode: 'US', city: 'NYC' } }), 'browser.location'],
    ])('%j', (body, path) => {
      expect(failures(body)).toEqual([path]);
    });
  });

  it('refuses a body that is not an object', () => {
    for (const body of [null, [], 'x', 1]) expect(parse(body).success).toBe(false);
  });
});
