import { CHAIN, ORDERS, type OrderApi, startOrderServer } from './order-server.js';

const METHOD_ID = '7d3f2a4e-1b2c-4d5e-8f90-123456789abc';

describe('create order: every rule of the spec answers 400 naming the field', () => {
  let orders: OrderApi;
  let wallet: string;
  beforeAll(async () => {
    orders = await startOrderServer();
    wallet = await orders.wallet('email:val@example.com');
  });
  afterAll(() => orders.close());

  const onramp = (patch: Record<string, unknown> = {}) => ({
    recipient: { walletAddress: wallet },
    payment: { method: 'card', currency: 'usd' },
    lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '10' } }],
    ...patch,
  });
  const offramp = (patch: Record<string, unknown> = {}) => ({
    recipient: { paymentMethodId: METHOD_ID },
    payment: { method: CHAIN, currency: 'usdc' },
    lineItems: { currencyLocator: 'fiat:usd', executionParameters: { amount: '10' } },
    ...patch,
  });

  const cases: [string, () => unknown, RegExp, string?][] = [
    [
      'onramp with two line items',
      () => onramp({ lineItems: [onramp().lineItems[0], onramp().lineItems[0]] }),
      /^lineItems: must have exactly 1 element/,
    ],
    ['onramp with no line item', () => onramp({ lineItems: [] }), /^lineItems: must have exactly 1 element/],
    [
      'onramp without recipient.walletAddress',
      () => onramp({ recipient: {} }),
      /^recipient\.walletAddress: is required/,
    ],
    [
      'onramp with recipient.email',
      () => onramp({ recipient: { walletAddress: wallet, email: 'a@b.co' } }),
      /^recipient\.email: is not supported/,
    ],
    [
      'onramp to a wallet that is no user of the service',
      () => onramp({ recipient: { walletAddress: '0x000000000000000000000000000000000000dEaD' } }),
      /^recipient\.walletAddress: does not resolve to a user/,
      'recipient_not_a_user',
    ],
    [
      'onramp to an address of another chain type',
      () => onramp({ recipient: { walletAddress: 'So11111111111111111111111111111111111111112' } }),
      /^recipient\.walletAddress: is not an address on base-sepolia/,
    ],
    [
      'onramp without tokenLocator',
      () => onramp({ lineItems: [{ executionParameters: { amount: '10' } }] }),
      /^lineItems\[0\]\.tokenLocator: is required/,
    ],
    [
      'onramp token of no chain',
      () => onramp({ lineItems: [{ tokenLocator: 'nochain:usdc', executionParameters: { amount: '10' } }] }),
      /^lineItems\[0\]\.tokenLocator: /,
    ],
    [
      'amount that is not a decimal string',
      () => onramp({ lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: 10 } }] }),
      /^lineItems\[0\]\.executionParameters\.amount: /,
    ],
    [
      'amount zero',
      () => onramp({ lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '0' } }] }),
      /^lineItems\[0\]\.executionParameters\.amount: must be greater than 0/,
    ],
    [
      'maxSlippageBps above 10000',
      () =>
        onramp({
          lineItems: [
            { tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '10', maxSlippageBps: '10001' } },
          ],
        }),
      /^lineItems\[0\]\.executionParameters\.maxSlippageBps: must be at most 10000/,
    ],
    [
      'maxSlippageBps as a number',
      () =>
        onramp({
          lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '10', maxSlippageBps: 50 } }],
        }),
      /^lineItems\[0\]\.executionParameters\.maxSlippageBps: /,
    ],
    [
      'unknown execution mode',
      () =>
        onramp({
          lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '10', mode: 'exact-ish' } }],
        }),
      /^lineItems\[0\]\.executionParameters\.mode: /,
    ],
    [
      'receiptEmail that is not an email',
      () => onramp({ payment: { method: 'card', currency: 'usd', receiptEmail: 'nope' } }),
      /^payment\.receiptEmail: must be an email address/,
    ],
    [
      'payerAddress on a card order',
      () => onramp({ payment: { method: 'card', currency: 'usd', payerAddress: wallet } }),
      /^payment\.payerAddress: applies to crypto payments only/,
    ],
    ['missing payment.method', () => onramp({ payment: { currency: 'usd' } }), /^payment\.method: /],
    ['state other than draft or create', () => onramp({ state: 'later' }), /^state: /],
    ['offramp without paymentMethodId', () => offramp({ recipient: {} }), /^recipient\.paymentMethodId: is required/],
    [
      'offramp with a paymentMethodId that is no UUID',
      () => offramp({ recipient: { paymentMethodId: 'pm_1' } }),
      /^recipient\.paymentMethodId: must be a UUID/,
    ],
    [
      'offramp to an unknown payment method',
      () => offramp(),
      /^recipient\.paymentMethodId: no saved payment method/,
      'payment_method_not_found',
    ],
    [
      'offramp with exact-out',
      () =>
        offramp({
          lineItems: { currencyLocator: 'fiat:usd', executionParameters: { amount: '10', mode: 'exact-out' } },
        }),
      /^lineItems\[0\]\.executionParameters\.mode: must be exact-in for offramp/,
    ],
    [
      'offramp currencyLocator not fiat:<currency>',
      () => offramp({ lineItems: { currencyLocator: 'usd', executionParameters: { amount: '10' } } }),
      /^lineItems\[0\]\.currencyLocator: must be fiat:<currency>/,
    ],
    [
      'offramp with recipient.walletAddress',
      () => offramp({ recipient: { paymentMethodId: METHOD_ID, walletAddress: wallet } }),
      /^recipient\.walletAddress: is for onramp orders/,
    ],
  ];

  // A rest parameter keeps jest from taking a fourth argument for its done callback.
  it.each(cases)('%s', async (...[, body, message, code]) => {
    const response = await orders.call('POST', ORDERS, body());
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, message: expect.stringMatching(message) });
    if (code) expect(response.body.code).toBe(code);
  });

  it('answers single_purchase_exceeded with its four string parameters', async () => {
    const response = await orders.call(
      'POST',
      ORDERS,
      onramp({ lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '1500' } }] }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: true,
      message: expect.any(String),
      code: 'single_purchase_exceeded',
      parameters: { amount: '1500', limit: '1000', hoursUntilReset: '0', remainingAmount: '1000' },
    });
  });

  it('a draft is a quote with payment.status draft that is never stored, and starts no identity check', async () => {
    const draft = await orders.call(
      'POST',
      ORDERS,
      onramp({
        state: 'draft',
        lineItems: [{ tokenLocator: `${CHAIN}:usdc`, executionParameters: { amount: '500' } }],
      }),
    );
    expect(draft.status).toBe(200);
    expect(draft.body).not.toHaveProperty('clientSecret');
    expect(draft.body).toMatchObject({
      order: {
        phase: 'quote',
        payment: { status: 'draft' },
        quote: { totalPrice: { amount: '500', currency: 'usd' } },
      },
    });
    expect(draft.body.order.payment.preparation).toBeUndefined();
    expect((await orders.order(draft.body.order.orderId)).status).toBe(404);
    const user = await orders.call('GET', '/2025-06-09/users/email:val@example.com/identity-verification');
    expect(JSON.stringify(user.body)).not.toMatch(/pending-review|"verified"/);
  });

  it('an offramp pays out in the currency of its payment method, placed or drafted, priceable or not', async () => {
    const methodId = await orders.paymentMethod('email:val@example.com');
    for (const [state, currencyLocator] of [
      ['create', 'fiat:eur'],
      ['draft', 'fiat:eur'],
      ['create', 'fiat:jpy'],
    ]) {
      const response = await orders.call(
        'POST',
        ORDERS,
        offramp({
          state,
          recipient: { paymentMethodId: methodId },
          lineItems: { currencyLocator, executionParameters: { amount: '10' } },
        }),
      );
      expect([state, currencyLocator, response.status, response.body]).toEqual([
        state,
        currencyLocator,
        400,
        expect.objectContaining({
          error: true,
          code: 'currency_mismatch',
          message: 'lineItems[0].currencyLocator: must be fiat:usd, the currency of the payment method',
        }),
      ]);
    }
  });

  it('replays a create with the same x-idempotency-key', async () => {
    const headers = { 'x-idempotency-key': 'order-replay-1' };
    const first = await orders.call('POST', ORDERS, onramp(), headers);
    const second = await orders.call('POST', ORDERS, onramp(), headers);
    expect(first.status).toBe(201);
    expect(second.body.order.orderId).toBe(first.body.order.orderId);
  });
});
