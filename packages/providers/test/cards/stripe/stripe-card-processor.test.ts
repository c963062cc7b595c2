import Stripe from 'stripe';
import { StripeMock } from '../../support/stripe-mock/index.js';
import { leftOf, rightOf } from '../../support.js';
import { ENDPOINT_SECRET, RETURN_URL, freshKey, postForm, processorOn, webhooksAt } from './stripe-contract.js';

let mock: StripeMock;

beforeAll(async () => {
  mock = await StripeMock.start();
});

// Fails when an answer of the mock broke Stripe's schema, or a request reached what it does not implement.
afterAll(() => mock.close());

const charge = (token: string, amount = '10.50', idempotencyKey = freshKey()) =>
  processorOn(mock).charge({
    token,
    amount,
    currency: 'usd',
    idempotencyKey,
    reference: 'order-1',
    owner: { account: 'project-1' },
  });

const lastRequest = () => mock.requests.at(-1)!;

describe('the Stripe card processor against Stripe’s OpenAPI document', () => {
  it('creates and confirms a PaymentIntent with the PaymentMethod id, in cents, with our idempotency key', async () => {
    const key = freshKey();
    const paid = rightOf(await charge('pm_card_visa', '10.50', key));

    expect(paid).toMatchObject({
      status: 'succeeded',
      amount: { amount: '10.5', currency: 'usd' },
      card: { brand: 'visa', last4: '4242' },
    });
    expect(paid.chargeId).toMatch(/^pi_/);
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: key,
      stripeVersion: Stripe.API_VERSION,
      status: 200,
      body: {
        amount: 1050,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        return_url: RETURN_URL,
        metadata: { paykit_reference: 'order-1', paykit_idempotency_key: key, paykit_account: 'project-1' },
        expand: ['payment_method'],
      },
    });
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'card_declined'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['pm_card_visa_chargeDeclinedExpiredCard', 'expired_card'],
  ])('answers Stripe’s 402 for %s as a decline with %s', async (paymentMethod, declineCode) => {
    const declined = rightOf(await charge(paymentMethod));

    expect(declined).toMatchObject({
      status: 'declined',
      declineCode,
      failureReason: { code: 'payment-declined' },
      card: { brand: 'visa' },
    });
    expect(declined.chargeId).toMatch(/^pi_/);
    expect(lastRequest().status).toBe(402);
  });

  it('maps 3-D Secure (next_action redirect_to_url) onto the verification step, then reads the outcome', async () => {
    const pending = rightOf(await charge('pm_card_authenticationRequired'));
    if (pending.status !== 'requires-verification')
      throw new Error(`expected a verification step, got ${pending.status}`);
    expect(pending.verification).toEqual({
      id: pending.chargeId,
      type: '3ds',
      url: `${mock.url}/3d_secure/${pending.chargeId}`,
    });

    mock.authenticate(pending.chargeId, 'succeeded');
    expect(rightOf(await processorOn(mock).getCharge(pending.chargeId))).toMatchObject({
      chargeId: pending.chargeId,
      status: 'succeeded',
      card: { last4: '3155' },
    });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${pending.chargeId}`,
      status: 200,
    });
  });

  it('reads a failed 3-D Secure as declined with authentication_failed', async () => {
    const pending = rightOf(await charge('pm_card_authenticationRequired'));
    mock.authenticate(pending.chargeId, 'failed');

    expect(rightOf(await processorOn(mock).getCharge(pending.chargeId))).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_failed',
    });
  });

  it('takes the page of a use_stripe_sdk next action as the verification url', async () => {
    mock.useNextAction('use_stripe_sdk');
    try {
      const pending = rightOf(await charge('pm_card_authenticationRequired'));
      expect(pending).toMatchObject({
        status: 'requires-verification',
        verification: { url: `${mock.url}/3d_secure/${pending.chargeId}` },
      });
    } finally {
      mock.useNextAction(undefined);
    }
  });

  it('reaches the same PaymentIntent when a charge is repeated with its key, and refuses the key for another amount', async () => {
    const key = freshKey();
    const first = rightOf(await charge('pm_card_visa', '20.00', key));
    const created = mock.events('payment_intent.created').length;

    const again = rightOf(await charge('pm_card_visa', '20', key));
    expect(again.chargeId).toBe(first.chargeId);
    expect(mock.events('payment_intent.created')).toHaveLength(created);

    expect(leftOf(await charge('pm_card_visa', '21.00', key))).toMatchObject({
      kind: 'conflict',
      code: 'idempotency_key_reused',
    });
    expect(lastRequest().status).toBe(400);
  });

  it('refunds a PaymentIntent, in full or in part, once per key', async () => {
    const paid = rightOf(await charge('pm_card_visa', '30.00'));
    const processor = processorOn(mock);
    const key = freshKey();

    const part = rightOf(await processor.refund({ chargeId: paid.chargeId, amount: '10.25', idempotencyKey: key }));
    expect(part).toMatchObject({
      chargeId: paid.chargeId,
      amount: { amount: '10.25', currency: 'usd' },
      status: 'succeeded',
    });
    expect(part.refundId).toMatch(/^re_/);
    expect(lastRequest()).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: key,
      body: { payment_intent: paid.chargeId, amount: 1025 },
    });
    const repeated = rightOf(await processor.refund({ chargeId: paid.chargeId, amount: '10.25', idempotencyKey: key }));
    expect(repeated.refundId).toBe(part.refundId);

    const rest = rightOf(await processor.refund({ chargeId: paid.chargeId, idempotencyKey: freshKey() }));
    expect(rest.amount).toEqual({ amount: '19.75', currency: 'usd' });
    expect(
      leftOf(await processor.refund({ chargeId: paid.chargeId, amount: '1', idempotencyKey: freshKey() })),
    ).toMatchObject({
      kind: 'conflict',
      code: 'refund_exceeds_charge',
    });
  });

  it('refuses to refund a declined charge without asking Stripe to', async () => {
    const declined = rightOf(await charge('pm_card_visa_chargeDeclined'));
    const requests = mock.requests.length;

    expect(
      leftOf(await processorOn(mock).refund({ chargeId: declined.chargeId, idempotencyKey: freshKey() })),
    ).toMatchObject({
      kind: 'conflict',
      code: 'charge_not_refundable',
    });
    expect(mock.requests.slice(requests).map((request) => request.method)).toEqual(['GET']);
  });

  it('answers what Stripe refuses as invalid or not found', async () => {
    expect(leftOf(await charge('pm_card_unknown'))).toMatchObject({ kind: 'invalid', code: 'card_token_invalid' });
    expect(lastRequest().status).toBe(400);
    expect(leftOf(await processorOn(mock).getCharge('pi_unknown'))).toMatchObject({
      kind: 'not_found',
      code: 'charge_not_found',
    });
    expect(lastRequest().status).toBe(404);
  });

  it('refuses a token that is not a PaymentMethod id (a raw card number, a sandbox token) before calling Stripe', async () => {
    const requests = mock.requests.length;
    expect(leftOf(await charge('4242424242424242'))).toMatchObject({ kind: 'invalid', code: 'card_token_invalid' });
    expect(leftOf(await charge('tok_sandbox_123'))).toMatchObject({ code: 'card_token_invalid' });
    expect(mock.requests).toHaveLength(requests);
  });

  describe('when Stripe fails', () => {
    it('answers a 5xx as unavailable', async () => {
      mock.fail('server-error');
      expect(leftOf(await charge('pm_card_visa'))).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
    });

    it('retries a 5xx with the same idempotency key when the SDK may retry', async () => {
      mock.fail('server-error');
      const key = freshKey();
      const processor = processorOn(mock, { maxNetworkRetries: 1 });

      expect(
        rightOf(await processor.charge({ token: 'pm_card_visa', amount: '5', currency: 'usd', idempotencyKey: key })),
      ).toMatchObject({
        status: 'succeeded',
      });
      expect(mock.requests.slice(-2).map((request) => [request.idempotencyKey, request.status])).toEqual([
        [key, 500],
        [key, 200],
      ]);
    });

    it('answers no answer within the timeout as unavailable (provider_timeout)', async () => {
      mock.fail('timeout');
      expect(
        leftOf(
          await processorOn(mock, { timeoutMs: 150 }).charge({
            token: 'pm_card_visa',
            amount: '5',
            currency: 'usd',
            idempotencyKey: freshKey(),
          }),
        ),
      ).toMatchObject({ kind: 'unavailable', code: 'provider_timeout' });
    });

    it.each(['not-json', 'wrong-shape'] as const)('answers a %s answer as upstream_invalid', async (fault) => {
      mock.fail(fault);
      expect(leftOf(await charge('pm_card_visa'))).toMatchObject({ kind: 'upstream_invalid' });
    });
  });

  describe('webhooks, verified with the SDK’s constructEvent', () => {
    it('reads a signed payment_intent.succeeded of our intent as that charge’s outcome', async () => {
      const key = freshKey();
      const pending = rightOf(await charge('pm_card_authenticationRequired', '12.00', key));
      const event = mock.authenticate(pending.chargeId, 'succeeded');
      const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);

      expect(rightOf(webhooksAt(new Date()).chargeUpdateOf(Buffer.from(payload), signature))).toMatchObject({
        reference: 'order-1',
        idempotencyKey: key,
        charge: { chargeId: pending.chargeId, status: 'succeeded', amount: { amount: '12', currency: 'usd' } },
      });
    });

    it('reads payment_intent.payment_failed as a decline', async () => {
      const pending = rightOf(await charge('pm_card_authenticationRequired'));
      const { payload, signature } = mock.signed(mock.authenticate(pending.chargeId, 'failed'), ENDPOINT_SECRET);

      expect(rightOf(webhooksAt(new Date()).chargeUpdateOf(Buffer.from(payload), signature))).toMatchObject({
        charge: { status: 'declined', declineCode: 'authentication_failed' },
      });
    });

    it('refuses a bad signature, another secret, an altered body, a stale timestamp or none', async () => {
      rightOf(await charge('pm_card_visa'));
      const event = mock.events('payment_intent.succeeded').at(-1)!;
      const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
      const other = mock.signed(event, 'whsec_someone_else');
      const stale = mock.signed(event, ENDPOINT_SECRET, Math.floor(Date.now() / 1000) - 600);
      const webhooks = webhooksAt(new Date());

      for (const [body, header] of [
        [payload, other.signature],
        [payload.replace('"succeeded"', '"canceled"'), signature],
        [stale.payload, stale.signature],
        [payload, 't=1,v1=00'],
        [payload, undefined],
      ] as const) {
        expect(leftOf(webhooks.chargeUpdateOf(Buffer.from(body), header))).toMatchObject({
          kind: 'invalid',
          code: 'invalid_webhook_signature',
        });
      }
    });

    it('passes over events that decide nothing of ours', async () => {
      rightOf(await charge('pm_card_visa'));
      const created = mock.signed(mock.events('payment_intent.created').at(-1)!, ENDPOINT_SECRET);
      expect(
        rightOf(webhooksAt(new Date()).chargeUpdateOf(Buffer.from(created.payload), created.signature)),
      ).toBeUndefined();
    });
  });
});

describe('the Stripe mock', () => {
  it('refuses what Stripe’s document refuses, in Stripe’s error shape, naming the param', async () => {
    expect(await postForm(mock, '/v1/payment_intents', 'amount=1050')).toEqual({
      status: 400,
      body: {
        error: { type: 'invalid_request_error', message: 'Missing required param: currency.', param: 'currency' },
      },
    });
    expect(await postForm(mock, '/v1/payment_intents', 'amount=ten&currency=usd')).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: 'amount' } },
    });
    expect(await postForm(mock, '/v1/payment_intents', 'amount=1050&currency=usd&colour=blue')).toMatchObject({
      body: { error: { message: 'Received unknown parameter: colour', param: 'colour' } },
    });
    expect(await postForm(mock, '/v1/payment_intents', 'amount=1050&currency=usd&metadata[a][b]=c')).toMatchObject({
      body: { error: { param: 'metadata[a]' } },
    });
  });

  it('refuses a request without an API key or with an API version that is not one', async () => {
    expect(
      (await postForm(mock, '/v1/payment_intents', 'amount=1050&currency=usd', { authorization: '' })).status,
    ).toBe(401);
    expect(
      (await postForm(mock, '/v1/payment_intents', 'amount=1050&currency=usd', { 'stripe-version': 'latest' })).body,
    ).toMatchObject({ error: { message: 'Invalid Stripe API version: latest' } });
  });

  it('checks what it signs against Stripe’s schema of an event', () => {
    expect(() =>
      mock.signed({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' }, ENDPOINT_SECRET),
    ).toThrow(/event: must have required property/);
  });
});
