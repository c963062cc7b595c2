import { type DemoMerchant } from '../src/index.js';
import { callApi, startShop } from './support/shop.js';

type Session = {
  id: string;
  status: string;
  currency: string;
  line_items: {
    id: string;
    item: { id: string; quantity: number };
    base_amount: number;
    subtotal: number;
    tax: number;
    total: number;
  }[];
  fulfillment_options: { id: string; subtotal: number; total: number }[];
  fulfillment_option_id?: string;
  totals: { type: string; amount: number }[];
  messages: { type: string; code?: string; param?: string }[];
  order?: { id: string; checkout_session_id: string; permalink_url: string };
};

const SAN_FRANCISCO = {
  name: 'Sam Shopper',
  line_one: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  postal_code: '94105',
};
const BUYER = { first_name: 'Sam', last_name: 'Shopper', email: 'sam@example.com' };
const PAY = (token: string) => ({ token, provider: 'stripe' });
const totalsOf = (session: Session) => Object.fromEntries(session.totals.map((total) => [total.type, total.amount]));

let shop: DemoMerchant;
const api = <T = Session>(method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) =>
  callApi<T>(shop.url, method, path, body, headers);

// A fresh shop per test: order numbers, stock and charges start from nothing whatever ran before.
beforeEach(async () => {
  shop = await startShop();
});
afterEach(() => shop.close());

describe('an agentic checkout session from create to complete', () => {
  const newSession = async () =>
    (await api('POST', '/checkout_sessions', { items: [{ id: 'mug', quantity: 2 }] })).body;
  const pricedSession = async () =>
    (await api('POST', `/checkout_sessions/${(await newSession()).id}`, { fulfillment_address: SAN_FRANCISCO })).body;
  const expressSession = async () =>
    (await api('POST', `/checkout_sessions/${(await pricedSession()).id}`, { fulfillment_option_id: 'express' })).body;

  it('is created without an address: priced items, no shipping or tax yet, not ready for payment', async () => {
    const { status, body } = await api('POST', '/checkout_sessions', { items: [{ id: 'mug', quantity: 2 }] });
    expect(status).toBe(201);
    expect(body.status).toBe('not_ready_for_payment');
    expect(body.currency).toBe('usd');
    expect(body.line_items).toEqual([
      expect.objectContaining({
        item: { id: 'mug', quantity: 2 },
        base_amount: 2400,
        subtotal: 2400,
        tax: 0,
        total: 2400,
      }),
    ]);
    expect(body.fulfillment_options).toEqual([]);
    expect(totalsOf(body)).toEqual({ items_base_amount: 2400, discount: 0, subtotal: 2400, total: 2400 });
    expect(body.messages).toEqual([
      expect.objectContaining({ type: 'error', code: 'missing', param: '$.fulfillment_address' }),
    ]);
  });

  it('is priced to the address: cheapest shipping selected, tax at the destination rate, ready for payment', async () => {
    const { id: sessionId } = await newSession();
    const { status, body } = await api('POST', `/checkout_sessions/${sessionId}`, {
      fulfillment_address: SAN_FRANCISCO,
    });
    expect(status).toBe(200);
    expect(body.status).toBe('ready_for_payment');
    expect(body.fulfillment_options.map((option) => [option.id, option.total])).toEqual([
      ['standard', 599],
      ['express', 1499],
    ]);
    expect(body.fulfillment_option_id).toBe('standard');
    // California: 7.25% of 24.00 = 1.74; shipping is not taxed.
    expect(body.line_items[0]).toMatchObject({ base_amount: 2400, tax: 174, total: 2574 });
    expect(totalsOf(body)).toEqual({
      items_base_amount: 2400,
      discount: 0,
      subtotal: 2400,
      fulfillment: 599,
      tax: 174,
      total: 3173,
    });
    expect(body.messages).toEqual([]);
  });

  it('re-prices when another fulfillment option is chosen', async () => {
    const { id: sessionId } = await pricedSession();
    const { body } = await api('POST', `/checkout_sessions/${sessionId}`, { fulfillment_option_id: 'express' });
    expect(body.fulfillment_option_id).toBe('express');
    expect(totalsOf(body)).toMatchObject({ fulfillment: 1499, tax: 174, total: 4073 });
  });

  it('completes with an approved token: an order with a merchant order number, charged exactly the total', async () => {
    const { id: sessionId } = await expressSession();
    expect(shop.state.orders()).toEqual([]);
    const { status, body } = await api('POST', `/checkout_sessions/${sessionId}/complete`, {
      buyer: BUYER,
      payment_data: PAY('tok_visa_4242'),
    });
    expect(status).toBe(200);
    expect(body.status).toBe('completed');
    expect(body.order).toEqual({
      id: 'DM-001001',
      checkout_session_id: sessionId,
      permalink_url: `${shop.url}/orders/DM-001001`,
    });
    expect(totalsOf(body).total).toBe(4073);

    const [order] = shop.state.orders();
    expect(order).toMatchObject({
      number: 'DM-001001',
      channel: 'agentic_checkout',
      checkoutSessionId: sessionId,
      lines: [{ sku: 'mug', quantity: 2, unitAmount: 1200, amount: 2400 }],
      totals: { itemsBase: 2400, discount: 0, subtotal: 2400, fulfillment: 1499, tax: 174, total: 4073 },
      buyer: { name: 'Sam Shopper', email: 'sam@example.com' },
      shippingAddress: { city: 'San Francisco', state: 'CA', country: 'US' },
      shippingOption: 'express',
    });
    expect(shop.state.charged()).toEqual([
      expect.objectContaining({ reference: sessionId, amount: 4073, currency: 'USD', method: 'token' }),
    ]);
    expect(shop.state.stock('mug')).toBe(98);
  });

  it('keeps the completed state on retrieve, and refuses to change or cancel it', async () => {
    const { id: sessionId } = await expressSession();
    await api('POST', `/checkout_sessions/${sessionId}/complete`, { buyer: BUYER, payment_data: PAY('tok_visa_4242') });
    const retrieved = await api('GET', `/checkout_sessions/${sessionId}`);
    expect(retrieved.body).toMatchObject({ status: 'completed', order: { id: 'DM-001001' } });
    expect(totalsOf(retrieved.body).total).toBe(4073);
    expect((await api('POST', `/checkout_sessions/${sessionId}/cancel`)).status).toBe(405);
    expect((await api('POST', `/checkout_sessions/${sessionId}`, { items: [{ id: 'mug', quantity: 1 }] })).status).toBe(
      405,
    );
    expect(shop.state.checkoutSession(sessionId)).toMatchObject({ status: 'completed' });
  });

  it('prices a $95 hoodie above $100 once shipping and tax are added, even where there is no sales tax', async () => {
    const { body } = await api('POST', '/checkout_sessions', {
      items: [{ id: 'hoodie', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
    });
    // 95.00 + 5.99 shipping + 6.89 tax (7.25% of 95.00 = 6.8875) = 107.88
    expect(totalsOf(body)).toEqual({
      items_base_amount: 9500,
      discount: 0,
      subtotal: 9500,
      fulfillment: 599,
      tax: 689,
      total: 10788,
    });
    const oregon = await api('POST', `/checkout_sessions/${body.id}`, {
      fulfillment_address: { ...SAN_FRANCISCO, city: 'Portland', state: 'OR', postal_code: '97201' },
    });
    expect(totalsOf(oregon.body)).toMatchObject({ tax: 0, total: 10099 });
  });
});

describe('idempotency and headers', () => {
  it('replays a repeated complete and rejects the same key with other parameters', async () => {
    const created = await api('POST', '/checkout_sessions', {
      items: [{ id: 'tshirt-s', quantity: 1 }],
      fulfillment_address: SAN_FRANCISCO,
      buyer: BUYER,
    });
    const path = `/checkout_sessions/${created.body.id}/complete`;
    const headers = { 'idempotency-key': `complete-${created.body.id}`, 'request-id': 'req_1' };
    const first = await api('POST', path, { payment_data: PAY('tok_once') }, headers);
    const again = await api('POST', path, { payment_data: PAY('tok_once') }, headers);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.headers.get('idempotency-key')).toBe(headers['idempotency-key']);
    expect(first.headers.get('request-id')).toBe('req_1');
    expect(shop.state.charged().filter((charge) => charge.reference === created.body.id)).toHaveLength(1);

    const conflict = await api('POST', path, { payment_data: PAY('tok_other') }, headers);
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ type: 'invalid_request', code: 'idempotency_conflict' });
  });

  it('answers in the 2026-01-16 field names when asked, accepting fulfillment_details', async () => {
    const { status, body } = await api<Record<string, unknown>>(
      'POST',
      '/checkout_sessions',
      {
        items: [{ id: 'mug', quantity: 1 }],
        fulfillment_details: { name: 'Sam Shopper', email: 'sam@example.com', address: SAN_FRANCISCO },
      },
      { 'api-version': '2026-01-16' },
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'ready_for_payment',
      fulfillment_details: {
        name: 'Sam Shopper',
        email: 'sam@example.com',
        address: { city: 'San Francisco', country: 'US' },
      },
      selected_fulfillment_options: [
        { type: 'shipping', shipping: { option_id: 'standard', item_ids: ['line_item_1'] } },
      ],
    });
    expect(body.fulfillment_options).toContainEqual(
      expect.objectContaining({
        id: 'express',
        totals: [{ type: 'fulfillment', display_text: 'Express', amount: 1499 }],
      }),
    );
    expect(body).not.toHaveProperty('fulfillment_address');
  });

  it.each([
    ['an API version it does not speak', { 'api-version': '2024-01-01' }, 'unsupported_api_version'],
    ['no API version at all', { 'api-version': '' }, 'missing_api_version'],
  ])('refuses %s with 400, listing the versions it speaks', async (_case, headers, code) => {
    const { status, body } = await api('POST', '/checkout_sessions', { items: [{ id: 'mug', quantity: 1 }] }, headers);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      type: 'invalid_request',
      code,
      supported_versions: ['2025-09-29', '2025-12-12', '2026-01-16', '2026-01-30'],
    });
  });
});

describe('the bearer token', () => {
  it.each([
    ['no Authorization header', ''],
    ['another token', 'Bearer not-the-key'],
    ['the key without the Bearer scheme', 'acp_test_demo_merchant_key'],
  ])('is required: %s gets 401 in the protocol error shape and changes nothing', async (_case, authorization) => {
    const denied = await api('POST', '/checkout_sessions', { items: [{ id: 'mug', quantity: 1 }] }, { authorization });
    expect(denied.status).toBe(401);
    expect(denied.body).toEqual({
      type: 'invalid_request',
      code: 'unauthorized',
      message: 'A valid bearer token is required.',
    });
  });

  it('is the one configured for the shop', async () => {
    const guarded = await startShop({ apiKey: 'merchant-secret' });
    try {
      const body = { items: [{ id: 'mug', quantity: 1 }] };
      expect((await callApi(guarded.url, 'POST', '/checkout_sessions', body)).status).toBe(401);
      expect(
        (await callApi(guarded.url, 'POST', '/checkout_sessions', body, { authorization: 'Bearer merchant-secret' }))
          .status,
      ).toBe(201);
    } finally {
      await guarded.close();
    }
  });
});
