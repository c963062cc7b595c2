import { type DemoMerchant } from '../src/index.js';
import { acpHeaders, callApi, startShop } from './support/shop.js';

type Message = { type: string; code?: string; param?: string; content: string };
type Session = {
  id: string;
  status: string;
  line_items: { item: { id: string }; unit_amount: number; base_amount: number }[];
  fulfillment_options: unknown[];
  totals: { type: string; amount: number }[];
  messages: Message[];
  order?: { id: string };
};

const SAN_FRANCISCO = {
  name: 'Sam Shopper',
  line_one: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  postal_code: '94105',
};
const LONDON = {
  name: 'Sam Shopper',
  line_one: '10 Downing St',
  city: 'London',
  state: '',
  country: 'GB',
  postal_code: 'SW1A 2AA',
};
const BUYER = { first_name: 'Sam', last_name: 'Shopper', email: 'sam@example.com' };
const PAY = { payment_data: { token: 'tok_visa', provider: 'stripe' }, buyer: BUYER };

let shop: DemoMerchant;
const api = <T = Session>(method: 'GET' | 'POST', path: string, body?: unknown) =>
  callApi<T>(shop.url, method, path, body);
const create = (body: Record<string, unknown>) => api('POST', '/checkout_sessions', body);

beforeEach(async () => {
  shop = await startShop();
});
afterEach(() => shop.close());

describe('agentic checkout problems', () => {
  it('reports an out-of-stock item and refuses to complete, charging nothing', async () => {
    const { body } = await create({ items: [{ id: 'desk-lamp', quantity: 1 }], fulfillment_address: SAN_FRANCISCO });
    expect(body.status).toBe('not_ready_for_payment');
    expect(body.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'out_of_stock', param: '$.line_items[0]' }),
    ]);
    const completed = await api('POST', `/checkout_sessions/${body.id}/complete`, PAY);
    expect(completed.status).toBe(400);
    expect(shop.state.paymentAttempts()).toEqual([]);
    expect(shop.state.orders()).toEqual([]);
  });

  it('reports a sold-out size and a quantity beyond stock as out of stock', async () => {
    const soldOutSize = await create({ items: [{ id: 'tshirt-m', quantity: 1 }], fulfillment_address: SAN_FRANCISCO });
    expect(soldOutSize.body.messages).toContainEqual(expect.objectContaining({ code: 'out_of_stock' }));
    const tooMany = await create({ items: [{ id: 'tshirt-l', quantity: 6 }], fulfillment_address: SAN_FRANCISCO });
    expect(tooMany.body.messages).toContainEqual(
      expect.objectContaining({ code: 'out_of_stock', content: 'Only 5 of Classic T-Shirt left in stock.' }),
    );
    const splitOverTwoLines = await create({
      items: [
        { id: 'tshirt-l', quantity: 3 },
        { id: 'tshirt-l', quantity: 3 },
      ],
      fulfillment_address: SAN_FRANCISCO,
    });
    expect(splitOverTwoLines.body.messages).toEqual([
      expect.objectContaining({ code: 'out_of_stock', param: '$.line_items[1]' }),
    ]);
  });

  it('asks for a size when the product is named without one, then accepts the chosen size', async () => {
    const { body } = await create({ items: [{ id: 'tshirt', quantity: 1 }], fulfillment_address: SAN_FRANCISCO });
    expect(body.status).toBe('not_ready_for_payment');
    // Messages are a closed shape in every version: the choices are in words.
    expect(body.messages).toEqual([
      {
        type: 'error',
        code: 'missing',
        param: '$.line_items[0].item.id',
        content_type: 'plain',
        content: 'Choose a size for Classic T-Shirt: S (tshirt-s), M (tshirt-m, out of stock), L (tshirt-l).',
      },
    ]);
    const chosen = await api('POST', `/checkout_sessions/${body.id}`, { items: [{ id: 'tshirt-l', quantity: 1 }] });
    expect(chosen.body.status).toBe('ready_for_payment');
    expect(chosen.body.messages).toEqual([]);
  });

  it('keeps the session payable after a declined token, records the decline, and completes with another token', async () => {
    const { body } = await create({
      items: [{ id: 'mug', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
      buyer: BUYER,
    });
    const declined = await api('POST', `/checkout_sessions/${body.id}/complete`, {
      payment_data: { token: 'tok_decline_insufficient_funds', provider: 'stripe' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('ready_for_payment');
    expect(declined.body.order).toBeUndefined();
    expect(declined.body.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'payment_declined', param: '$.payment_data' }),
    ]);
    expect(shop.state.orders()).toEqual([]);
    expect(shop.state.charged()).toEqual([]);
    expect(shop.state.paymentAttempts()).toEqual([expect.objectContaining({ outcome: 'declined', amount: 1886 })]);

    const paid = await api('POST', `/checkout_sessions/${body.id}/complete`, {
      payment_data: { token: 'tok_visa', provider: 'stripe' },
    });
    expect(paid.body).toMatchObject({ status: 'completed', order: { id: 'DM-001001' }, messages: [] });
  });

  it('rejects a token that is not one of the card vault test tokens', async () => {
    const { body } = await create({
      items: [{ id: 'mug', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
      buyer: BUYER,
    });
    const result = await api('POST', `/checkout_sessions/${body.id}/complete`, {
      payment_data: { token: '4242424242424242', provider: 'stripe' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ type: 'invalid_request', code: 'invalid', param: '$.payment_data.token' });
  });

  it('requires a buyer to complete', async () => {
    const { body } = await create({ items: [{ id: 'mug', quantity: 1 }], fulfillment_address: SAN_FRANCISCO });
    const result = await api('POST', `/checkout_sessions/${body.id}/complete`, {
      payment_data: { token: 'tok_visa', provider: 'stripe' },
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'missing', param: '$.buyer' });
  });

  it('cancels an open session once; a canceled session cannot be completed or changed', async () => {
    const { body } = await create({
      items: [{ id: 'mug', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
      buyer: BUYER,
    });
    // Sent the way many clients do: a JSON content type and no body at all.
    const canceled = await fetch(`${shop.url}/checkout_sessions/${body.id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...acpHeaders() },
    });
    expect(canceled.status).toBe(200);
    expect(((await canceled.json()) as Session).status).toBe('canceled');
    expect((await api('POST', `/checkout_sessions/${body.id}/cancel`)).status).toBe(405);
    expect((await api('POST', `/checkout_sessions/${body.id}/complete`, PAY)).status).toBe(405);
    expect((await api('POST', `/checkout_sessions/${body.id}`, { fulfillment_option_id: 'express' })).status).toBe(405);
    expect((await api('GET', `/checkout_sessions/${body.id}`)).body.status).toBe('canceled');
    expect(shop.state.paymentAttempts()).toEqual([]);
  });

  it('offers no fulfillment when an item cannot ship to the address', async () => {
    const { body } = await create({ items: [{ id: 'battery-pack', quantity: 1 }], fulfillment_address: LONDON });
    expect(body.status).toBe('not_ready_for_payment');
    expect(body.fulfillment_options).toEqual([]);
    expect(body.messages).toEqual([
      expect.objectContaining({
        type: 'error',
        code: 'invalid',
        param: '$.fulfillment_address',
        content: 'Lithium Battery Pack cannot be shipped to GB.',
      }),
    ]);
    const toUs = await api('POST', `/checkout_sessions/${body.id}`, { fulfillment_address: SAN_FRANCISCO });
    expect(toUs.body.status).toBe('ready_for_payment');
  });

  it('offers no fulfillment to a country the shop does not serve, and taxes where it does', async () => {
    const tokyo = await create({
      items: [{ id: 'mug', quantity: 1 }],
      fulfillment_address: { ...LONDON, city: 'Tokyo', country: 'JP' },
    });
    expect(tokyo.body.fulfillment_options).toEqual([]);
    expect(tokyo.body.messages).toEqual([
      expect.objectContaining({ code: 'invalid', param: '$.fulfillment_address.country' }),
    ]);
    const london = await create({ items: [{ id: 'mug', quantity: 1 }], fulfillment_address: LONDON });
    // UK VAT 20% of 12.00, international standard shipping 12.99.
    expect(Object.fromEntries(london.body.totals.map((total) => [total.type, total.amount]))).toMatchObject({
      tax: 240,
      fulfillment: 1299,
      total: 2739,
    });
  });

  it('charges the review price of an item whose price rose after its product page, and says so', async () => {
    const { body } = await create({
      items: [{ id: 'earbuds', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
      buyer: BUYER,
    });
    expect(body.line_items[0]).toMatchObject({ base_amount: 5400 });
    expect(body.messages).toEqual([
      expect.objectContaining({
        type: 'info',
        param: '$.line_items[0]',
        content: 'The price of Wireless Earbuds changed from $49.00 to $54.00.',
      }),
    ]);
    expect(body.status).toBe('ready_for_payment');
  });

  it.each([
    [{}, 'missing', '$.items'],
    [{ items: [] }, 'invalid', '$.items'],
    [{ items: [{ id: 'mug', quantity: 0 }] }, 'invalid', '$.items[0].quantity'],
    [{ items: [{ id: 'mug' }] }, 'missing', '$.items[0].quantity'],
    [{ items: [{ id: 'unicorn', quantity: 1 }] }, 'invalid', '$.items[0].id'],
    [
      { items: [{ id: 'mug', quantity: 1 }], fulfillment_address: { ...SAN_FRANCISCO, state: undefined } },
      'missing',
      '$.fulfillment_address.state',
    ],
    [
      { items: [{ id: 'mug', quantity: 1 }], fulfillment_address: { ...SAN_FRANCISCO, state: '' } },
      'missing',
      '$.fulfillment_address.state',
    ],
    [{ items: [{ id: 'mug', quantity: 1.5 }] }, 'invalid', '$.items[0].quantity'],
    [
      { items: [{ id: 'mug', quantity: 1 }], buyer: { first_name: 'Sam', email: 'sam@example.com' } },
      'missing',
      '$.buyer.last_name',
    ],
    [
      { items: [{ id: 'mug', quantity: 1 }], fulfillment_address: { ...SAN_FRANCISCO, country: 'USA' } },
      'invalid',
      '$.fulfillment_address.country',
    ],
    [{ items: [{ id: 'mug', quantity: 1 }], buyer: { ...BUYER, email: 'not-an-email' } }, 'invalid', '$.buyer.email'],
  ])('rejects a create body %j with %s at %s', async (body, code, param) => {
    const result = await create(body);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ type: 'invalid_request', code, param });
  });

  it('refuses an update choosing a fulfillment option the session does not offer, changing nothing', async () => {
    const { body } = await create({ items: [{ id: 'mug', quantity: 1 }], fulfillment_address: SAN_FRANCISCO });
    const refused = await api('POST', `/checkout_sessions/${body.id}`, { fulfillment_option_id: 'teleport' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'invalid_request', code: 'invalid', param: '$.fulfillment_option_id' });
    expect((await api('GET', `/checkout_sessions/${body.id}`)).body).toMatchObject({
      fulfillment_option_id: 'standard',
    });
  });

  it('answers 404 for an unknown session and 400 for a body that is not JSON', async () => {
    const missing = await api('GET', '/checkout_sessions/cs_nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'invalid_request', code: 'not_found' });
    const response = await fetch(`${shop.url}/checkout_sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...acpHeaders() },
      body: '{"items":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'invalid_request' });
  });
});
