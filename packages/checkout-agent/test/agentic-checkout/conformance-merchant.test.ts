/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import { DEFAULT_ACP_API_KEY, DEFAULT_MERCHANT_ID, type DemoMerchant, createDemoMerchant } from '@paykit/demo-merchant';
import { ManualClock } from '@paykit/kernel';
import { ACP_VERSIONS, type SpecVersion, acpSchemas, specFile } from './support/acp-schemas.js';

const NOW = '2026-03-01T10:00:00.000Z';
const ADDRESS = {
  name: 'Sam Shopper',
  line_one: '1 Market St',
  line_two: 'Suite 2',
  city: 'San Francisco',
  state: 'CA',
  country: 'US',
  postal_code: '94105',
};
const BUYER = { first_name: 'Sam', last_name: 'Shopper', email: 'sam@example.com', phone_number: '+14155550100' };

/** Spec-shaped requests using optional fields each version defines, which the demo agent never sends. */
const requests = (version: SpecVersion) => {
  const modern = version !== '2025-09-29';
  const fulfillment = modern
    ? {
        fulfillment_details: {
          name: 'Sam Shopper',
          phone_number: '+14155550100',
          email: 'sam@example.com',
          address: ADDRESS,
        },
      }
    : { fulfillment_address: ADDRESS };
  const create =
    version === '2026-01-30'
      ? {
          line_items: [{ id: 'mug' }, { id: 'mug', name: 'Ceramic Mug' }],
          currency: 'usd',
          capabilities: {
            interventions: {
              supported: ['3ds'],
              display_context: 'webview',
              redirect_context: 'in_app',
              max_redirects: 1,
              max_interaction_depth: 1,
            },
          },
          buyer: { email: 'sam@example.com', first_name: 'Sam', last_name: 'Shopper', account_type: 'guest' },
          locale: 'en-US',
          timezone: 'America/Los_Angeles',
          metadata: { campaign: 'spring' },
          coupons: [],
          ...fulfillment,
        }
      : {
          items: [{ id: 'mug', quantity: 2 }],
          buyer: BUYER,
          ...fulfillment,
          ...(modern
            ? {
                affiliate_attribution: {
                  provider: 'impact.com',
                  token: 'atp_1',
                  publisher_id: 'pub_1',
                  touchpoint: 'first',
                },
              }
            : {}),
        };
  const select = (lineItemIds: string[]) => {
    if (version === '2025-09-29') return { fulfillment_option_id: 'express' };
    if (version === '2026-01-30')
      return { selected_fulfillment_options: [{ type: 'shipping', option_id: 'express', item_ids: lineItemIds }] };
    return {
      selected_fulfillment_options: [{ type: 'shipping', shipping: { option_id: 'express', item_ids: lineItemIds } }],
    };
  };
  const complete = (token: string) =>
    version === '2026-01-30'
      ? {
          buyer: { email: 'sam@example.com', first_name: 'Sam', last_name: 'Shopper' },
          payment_data: {
            handler_id: 'card_tokenized',
            instrument: { type: 'card', credential: { type: 'spt', token } },
            billing_address: ADDRESS,
          },
          risk_signals: { ip_address: '203.0.113.7', user_agent: 'agent/1' },
        }
      : { buyer: BUYER, payment_data: { token, provider: 'stripe', billing_address: ADDRESS } };
  const delegate = (sessionId: string, maxAmount: number) => ({
    payment_method: {
      type: 'card',
      card_number_type: 'fpan',
      virtual: false,
      number: '4242424242424242',
      exp_month: '12',
      exp_year: '2029',
      cvc: '123',
      display_card_funding_type: 'credit',
      display_brand: 'visa',
      display_last4: '4242',
      metadata: { source: 'conformance' },
    },
    allowance: {
      reason: 'one_time',
      max_amount: maxAmount,
      currency: 'usd',
      checkout_session_id: sessionId,
      merchant_id: DEFAULT_MERCHANT_ID,
      expires_at: '2026-03-01T11:00:00Z',
    },
    billing_address: ADDRESS,
    risk_signals: [{ type: 'card_testing', score: 3, action: 'authorized' }],
    metadata: { session: sessionId },
  });
  return {
    create,
    select,
    complete,
    delegate,
    cancel: modern ? { intent_trace: { reason_code: 'shipping_cost', trace_summary: 'Too dear.' } } : {},
  };
};

describe.each(ACP_VERSIONS)('the demo merchant speaking ACP %s', (version) => {
  const schemas = acpSchemas(version);
  const shaped = requests(version);
  let shop: DemoMerchant;
  beforeEach(async () => {
    shop = await createDemoMerchant({ clock: new ManualClock(NOW), acpVersions: [version] });
  });
  afterEach(() => shop.close());

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(new URL(path, shop.url), {
      method,
      headers: {
        authorization: `Bearer ${DEFAULT_ACP_API_KEY}`,
        'api-version': version,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  /** The request must be spec-shaped (checked first), and the answer valid against `response`. */
  const conformant = async (
    method: 'GET' | 'POST',
    path: string,
    request: { kind?: 'checkout' | 'delegate'; definition: string | null; body?: unknown },
    response: string,
  ) => {
    const kind = request.kind ?? 'checkout';
    if (request.definition && schemas.has(kind, request.definition))
      expect(schemas.errors(kind, request.definition, request.body)).toEqual([]);
    const answer = await call(method, path, request.body);
    expect({ status: answer.status, errors: schemas.errors(kind, response, answer.body) }).toEqual({
      status: expect.any(Number),
      errors: [],
    });
    return answer;
  };

  it('accepts spec-shaped requests with every optional field, from create to a completed order, and answers in the schema', async () => {
    const created = await conformant(
      'POST',
      '/checkout_sessions',
      { definition: 'CheckoutSessionCreateRequest', body: shaped.create },
      'CheckoutSession',
    );
    expect(created.status).toBe(201);
    const lineItemIds = created.body.line_items.map((line: any) => line.id);
    expect(created.body.line_items).toHaveLength(1);
    const quantity = created.body.line_items[0].quantity ?? created.body.line_items[0].item.quantity;
    expect(quantity).toBe(2);

    const path = `/checkout_sessions/${created.body.id}`;
    const updated = await conformant(
      'POST',
      path,
      { definition: 'CheckoutSessionUpdateRequest', body: shaped.select(lineItemIds) },
      'CheckoutSession',
    );
    expect(updated.status).toBe(200);
    const total = updated.body.totals.find((entry: any) => entry.type === 'total').amount;
    expect(total).toBe(4073);

    const delegated = await conformant(
      'POST',
      '/agentic_commerce/delegate_payment',
      { kind: 'delegate', definition: 'DelegatePaymentRequest', body: shaped.delegate(created.body.id, 5000) },
      'DelegatePaymentResponse',
    );
    expect(delegated.status).toBe(201);

    const completed = await conformant(
      'POST',
      `${path}/complete`,
      { definition: 'CheckoutSessionCompleteRequest', body: shaped.complete(delegated.body.id) },
      'CheckoutSessionWithOrder',
    );
    expect(completed.body).toMatchObject({ status: 'completed', order: { checkout_session_id: created.body.id } });
    await conformant('GET', path, { definition: null }, 'CheckoutSessionWithOrder');
    expect(shop.state.charged()).toEqual([expect.objectContaining({ amount: 4073, method: 'card' })]);
  });

  it("cancels with the version's cancel body and refuses a second cancel with a valid error", async () => {
    const created = await call('POST', '/checkout_sessions', shaped.create);
    const path = `/checkout_sessions/${created.body.id}/cancel`;
    const canceled = await conformant(
      'POST',
      path,
      { definition: 'CancelSessionRequest', body: shaped.cancel },
      'CheckoutSession',
    );
    expect(canceled.body.status).toBe('canceled');
    expect(
      (await conformant('POST', path, { definition: 'CancelSessionRequest', body: shaped.cancel }, 'Error')).status,
    ).toBe(405);
  });

  it('tolerates fields the version does not define, at the top and inside objects', async () => {
    const create = shaped.create as Record<string, any>;
    const extra = {
      ...create,
      x_loyalty_tier: 'gold',
      buyer: { ...create.buyer, x_nickname: 'sam' },
      ...(create.fulfillment_address
        ? { fulfillment_address: { ...create.fulfillment_address, x_gate_code: '42' } }
        : {}),
    };
    const created = await conformant(
      'POST',
      '/checkout_sessions',
      { definition: null, body: extra },
      'CheckoutSession',
    );
    expect(created.status).toBe(201);
  });

  it('accepts the official example create requests (their item ids replaced by one it sells)', async () => {
    const examples = specFile(version, 'examples.agentic_checkout.json');
    for (const name of Object.keys(examples).filter((key) => key.startsWith('create_checkout_session_request'))) {
      const body = JSON.parse(JSON.stringify(examples[name]).replace(/"item_\d+"/g, '"mug"'));
      const answer = await conformant(
        'POST',
        '/checkout_sessions',
        { definition: 'CheckoutSessionCreateRequest', body },
        version === '2025-09-29' ? 'Error' : 'CheckoutSession',
      );
      // 2025-09-29's example buys 2.5 mugs: a valid request this shop refuses, naming the field.
      if (version === '2025-09-29')
        expect(answer.body).toMatchObject({ type: 'invalid_request', code: 'invalid', param: '$.items[0].quantity' });
      else expect(answer.status).toBe(201);
    }
  });

  it.each([
    ['no items', {}],
    ['an item without an id', { items: [{ quantity: 1 }], line_items: [{ name: 'x' }] }],
    ['a quantity that is not a number', { items: [{ id: 'mug', quantity: 'two' }], line_items: [{ id: 7 }] }],
  ])('refuses a create with %s: 400 in the error schema', async (_case, body) => {
    const answer = await conformant(
      'POST',
      '/checkout_sessions',
      { definition: null, body: version === '2026-01-30' ? { ...body, currency: 'usd', capabilities: {} } : body },
      'Error',
    );
    expect(answer.status).toBe(400);
    expect(answer.body.param).toMatch(/^\$\./);
  });

  it('refuses a delegated token above the allowance: the session stays payable, the answer is in the schema, nothing is charged', async () => {
    const created = await call('POST', '/checkout_sessions', shaped.create);
    const path = `/checkout_sessions/${created.body.id}`;
    await call('POST', path, shaped.select(created.body.line_items.map((line: any) => line.id)));
    const delegated = await call('POST', '/agentic_commerce/delegate_payment', shaped.delegate(created.body.id, 4000));
    const refused = await conformant(
      'POST',
      `${path}/complete`,
      { definition: 'CheckoutSessionCompleteRequest', body: shaped.complete(delegated.body.id) },
      'CheckoutSession',
    );
    expect(refused.body).toMatchObject({
      status: 'ready_for_payment',
      messages: [expect.objectContaining({ type: 'error', code: 'payment_declined' })],
    });
    expect(refused.body.messages[0].content).toBe(
      'The payment token allows at most 40.00 usd; the total is 40.73 usd.',
    );
    expect(shop.state.paymentAttempts()).toEqual([]);
  });
});

describe('the schemas catch what the issue found', () => {
  it.each(ACP_VERSIONS)(
    '%s: a provider the enum does not know, a message extension, an address phone number',
    (version) => {
      const schemas = acpSchemas(version);
      expect(
        schemas.errors('checkout', 'MessageError', {
          type: 'error',
          code: 'missing',
          content_type: 'plain',
          content: 'x',
          required_option: {},
        }),
      ).not.toEqual([]);
      expect(schemas.errors('checkout', 'Address', { ...ADDRESS, phone_number: '+1' })).not.toEqual([]);
      const payment =
        version === '2026-01-30'
          ? { handler_id: 'h', instrument: { type: 'card', credential: { type: 'spt', token: 't' } } }
          : { token: 't', provider: 'paykit' };
      const broken =
        version === '2026-01-30' ? { payment_data: { token: 't', provider: 'stripe' } } : { payment_data: payment };
      expect(schemas.errors('checkout', 'CheckoutSessionCompleteRequest', broken)).not.toEqual([]);
    },
  );
});
