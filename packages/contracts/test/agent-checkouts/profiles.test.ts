import {
  browserProfileCreateBodySchema,
  browserProfileListQuerySchema,
  browserProfileParamsSchema,
  browserProfileSchema,
  browserProfileUpdateBodySchema,
  buyerProfileCreateBodySchema,
  buyerProfileListQuerySchema,
  buyerProfileSchema,
  buyerProfileUpdateBodySchema,
} from '../../src/agent-checkouts/index.js';

const ID = '0b8a6a1e-6f4e-4a43-9e0a-3c1f0f7e5d21';
const shipping = {
  addressLines: ['1 Main St', 'Apt 2'],
  locality: 'Springfield',
  administrativeAreaCode: 'IL',
  postalCode: '62701',
  countryCode: 'US',
};
const buyer = {
  label: 'Home',
  name: { first: 'Ada', last: 'Lovelace' },
  contact: { email: 'ada@example.com', phone: '+14155550100' },
  shipping,
};

describe('buyer profiles', () => {
  it('accept a full profile and a shipping-only profile', () => {
    expect(buyerProfileCreateBodySchema.parse(buyer)).toStrictEqual(buyer);
    expect(buyerProfileCreateBodySchema.safeParse({ shipping }).success).toBe(true);
  });

  it('normalise the shipping country code', () => {
    expect(
      buyerProfileCreateBodySchema.parse({ shipping: { ...shipping, countryCode: ' gb ' } }).shipping.countryCode,
    ).toBe('GB');
  });

  it.each([
    ['no shipping', { label: 'x' }],
    ['payment data', { ...buyer, card: { number: '4242424242424242' } }],
    ['a card inside contact', { ...buyer, contact: { email: 'ada@example.com', cardNumber: '4242' } }],
    ['an invalid email', { ...buyer, contact: { email: 'ada' } }],
    ['a phone not in E.164', { ...buyer, contact: { phone: '415 555 0100' } }],
    ['an empty contact', { ...buyer, contact: {} }],
    ['a name without last', { ...buyer, name: { first: 'Ada' } }],
    ['no address lines', { shipping: { ...shipping, addressLines: [] } }],
    ['four address lines', { shipping: { ...shipping, addressLines: ['a', 'b', 'c', 'd'] } }],
    ['an unknown country', { shipping: { ...shipping, countryCode: 'XX' } }],
    ['no locality', { shipping: { ...shipping, locality: undefined } }],
  ])('refuse %s', (_label, body) => {
    expect(buyerProfileCreateBodySchema.safeParse(body).success).toBe(false);
  });

  it('update: any subset, null removes an optional field, nothing at all is refused', () => {
    expect(buyerProfileUpdateBodySchema.safeParse({ label: 'Work' }).success).toBe(true);
    expect(buyerProfileUpdateBodySchema.safeParse({ contact: null }).success).toBe(true);
    expect(buyerProfileUpdateBodySchema.safeParse({ shipping: null }).success).toBe(false);
    expect(buyerProfileUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(buyerProfileUpdateBodySchema.safeParse({ iban: 'DE00' }).success).toBe(false);
  });

  it('the resource shape, and a list limit that defaults to 20', () => {
    const profile = { id: ID, ...buyer, createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z' };
    expect(buyerProfileSchema.safeParse(profile).success).toBe(true);
    expect(buyerProfileSchema.safeParse({ ...profile, id: 'p-1' }).success).toBe(false);
    expect(buyerProfileListQuerySchema.parse({})).toStrictEqual({ limit: 20 });
    expect(buyerProfileListQuerySchema.parse({ limit: '100' })).toStrictEqual({ limit: 100 });
    expect(buyerProfileListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('browser profiles', () => {
  it('create with an optional label, update the label', () => {
    expect(browserProfileCreateBodySchema.safeParse({}).success).toBe(true);
    expect(browserProfileCreateBodySchema.safeParse({ label: 'Shopping' }).success).toBe(true);
    expect(browserProfileCreateBodySchema.safeParse({ label: '' }).success).toBe(false);
    expect(browserProfileCreateBodySchema.safeParse({ cookies: [] }).success).toBe(false);
    expect(browserProfileUpdateBodySchema.safeParse({ label: 'x' }).success).toBe(true);
    expect(browserProfileUpdateBodySchema.safeParse({}).success).toBe(false);
  });

  it('are identified by a UUID', () => {
    expect(browserProfileParamsSchema.safeParse({ id: ID }).success).toBe(true);
    expect(browserProfileParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
    const profile = { id: ID, label: 'Shopping', createdAt: '2026-03-01T10:00:00Z', updatedAt: '2026-03-01T10:00:00Z' };
    expect(browserProfileSchema.safeParse(profile).success).toBe(true);
    expect(browserProfileSchema.safeParse({ ...profile, storageState: {} }).success).toBe(false);
    expect(browserProfileListQuerySchema.parse({ cursor: 'c' })).toStrictEqual({ cursor: 'c', limit: 20 });
  });
});
