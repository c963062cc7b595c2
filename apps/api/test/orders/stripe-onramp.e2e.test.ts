import { StripeMock } from '../../../../packages/providers/test/support/stripe-mock/index.js';
import { ORDERS, type OrderApi, startOrderServer } from './order-server.js';

const WEBHOOK_SECRET = 'whsec_onramp_e2e';

/**
 * Onramp orders paid through the public API with the production card processor (Stripe's SDK)
 * pointed at the Stripe contract mock: every request the adapter sends is checked against Stripe's
 * OpenAPI document, and Stripe's webhooks reach POST /webhooks/stripe signed as Stripe signs them.
 */
describe('onramp orders paid by card through Stripe (the contract mock)', () => {
  let mock: StripeMock;
  let orders: OrderApi;

  beforeAll(async () => {
    mock = await StripeMock.start();
    orders = await startOrderServer({
      CARD_PROCESSOR: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_onramp_e2e',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: mock.url,
      STRIPE_RETURN_URL: 'https://shop.example/orders/after-3ds',
      STRIPE_MAX_NETWORK_RETRIES: 0,
    });
  });
  afterAll(async () => {
    await orders?.close();
    await mock?.close();
  });

  /** Pays with a PaymentMethod id from Stripe.js, authorized by the order's client secret as a browser would. */
  const pay = (orderId: string, clientSecret: string, paymentMethod: string) =>
    orders.api.call(
      orders.project.clientKey,
      'POST',
      `${ORDERS}/${orderId}/payment`,
      { type: 'card-token', token: paymentMethod },
      { authorization: clientSecret },
    );

  const placeOrder = async (owner: string, amount: string) => {
    const wallet = await orders.wallet(owner);
    const created = await orders.onramp(wallet, amount);
    expect(created.status).toBe(201);
    return created.body as { clientSecret: string; order: { orderId: string } };
  };

  const deliver = (payload: string, signature: string) =>
    fetch(`${orders.api.server.rootUrl}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });

  it('pays with a pm_ id: a confirmed PaymentIntent for the quoted total, in cents, then tokens delivered', async () => {
    const { clientSecret, order } = await placeOrder('email:stripe-ana@example.com', '40');

    const paid = await pay(order.orderId, clientSecret, 'pm_card_visa');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ phase: 'delivery', payment: { status: 'completed' } });
    const sent = mock.requests.find(
      (request) =>
        (request.body?.['metadata'] as { paykit_reference?: string } | undefined)?.paykit_reference === order.orderId,
    );
    expect(sent).toMatchObject({
      path: '/v1/payment_intents',
      status: 200,
      body: {
        amount: Math.round(Number(paid.body.payment.received.amount) * 100),
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        metadata: { paykit_reference: order.orderId },
      },
    });
    expect(sent?.idempotencyKey).toEqual(expect.any(String));

    const done = await orders.until(order.orderId, (current) => current.phase === 'completed');
    expect(done.body.lineItems[0].delivery).toMatchObject({ status: 'completed' });
  });

  it('records an issuer decline as payment-declined', async () => {
    const { clientSecret, order } = await placeOrder('email:stripe-declined@example.com', '25');

    const declined = await pay(order.orderId, clientSecret, 'pm_card_visa_chargeDeclinedInsufficientFunds');
    expect(declined.status).toBe(200);
    expect(declined.body.payment).toMatchObject({
      status: 'failed',
      failureReason: { code: 'payment-declined', message: 'The card has insufficient funds' },
    });
  });

  it('shows Stripe’s 3-D Secure page, and completes the order from Stripe’s signed webhook alone', async () => {
    const { clientSecret, order } = await placeOrder('email:stripe-3ds@example.com', '30');
    const pending = await pay(order.orderId, clientSecret, 'pm_card_authenticationRequired');
    expect(pending.body.payment).toMatchObject({
      status: 'in-progress',
      preparation: { cardVerification: { type: '3ds', url: expect.stringContaining(`${mock.url}/3d_secure/pi_`) } },
    });
    const intentId = String(pending.body.payment.preparation.cardVerification.url).split('/').at(-1)!;

    // Stripe's reads fail from here on: only the webhook can tell the order.
    mock.fail('server-error', 1_000_000);
    try {
      const { payload, signature } = mock.signed(mock.authenticate(intentId, 'succeeded'), WEBHOOK_SECRET);
      const forged = await deliver(payload, signature.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`));
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ error: true, code: 'invalid_webhook_signature' });
      expect((await orders.order(order.orderId)).body.payment.status).toBe('in-progress');

      const received = await deliver(payload, signature);
      expect(received.status).toBe(200);
      expect(await received.json()).toEqual({ received: true });
      expect((await orders.order(order.orderId)).body.payment.status).toBe('completed');
      expect((await deliver(payload, signature)).status).toBe(200);
    } finally {
      mock.recover();
    }
  });

  it('records a failed 3-D Secure from Stripe’s payment_intent.payment_failed as payment-declined', async () => {
    const { clientSecret, order } = await placeOrder('email:stripe-3ds-fail@example.com', '35');
    const pending = await pay(order.orderId, clientSecret, 'pm_card_authenticationRequired');
    const intentId = String(pending.body.payment.preparation.cardVerification.url).split('/').at(-1)!;

    mock.fail('server-error', 1_000_000);
    try {
      const { payload, signature } = mock.signed(mock.authenticate(intentId, 'failed'), WEBHOOK_SECRET);
      expect((await deliver(payload, signature)).status).toBe(200);
      expect((await orders.order(order.orderId)).body.payment).toMatchObject({
        status: 'failed',
        failureReason: { code: 'payment-declined', message: 'The cardholder did not complete the verification' },
      });
    } finally {
      mock.recover();
    }
  });

  it('takes no card numbers and has no sandbox verification page', async () => {
    const tokenized = await orders.call('POST', '/unstable/card-tokens', {
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    });
    expect(tokenized.status).toBe(400);
    expect(tokenized.body).toMatchObject({ code: 'card_numbers_not_accepted' });
    expect(tokenized.body.message).toMatch(/Stripe\.js .*PaymentMethod id/);

    const verification = await orders.api.call('', 'POST', '/unstable/card-verifications/vrf_abc', {
      outcome: 'succeeded',
    });
    expect(verification.status).toBe(404);
  });
});
