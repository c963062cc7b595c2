import { CoinbaseMock } from '../../../../packages/providers/test/support/coinbase-mock/coinbase-mock.js';
import { StripeMock } from '../../../../packages/providers/test/support/stripe-mock/index.js';
import { pollUntil } from '../wallets/wallet-server.js';
import { CHAIN, ORDERS, type OrderApi, externalPayer, startOrderServer } from './order-server.js';

const SECRETS = {
  cards: 'whsec_cards_e2e',
  identity: 'whsec_identity_e2e',
  payouts: 'whsec_payouts_e2e',
} as const;
const PUBLISHABLE_KEY = 'pk_test_identity_e2e';
const PAYOUT_ACCOUNT = 'acct_1PayoutsE2e';
/** Stripe's test bank accounts (routing 110000000): one pays, one is returned as no_account. */
const PAYS = '000123456789';
const NO_ACCOUNT = '000111111116';

type Json = Record<string, unknown>;
interface OrderBody {
  readonly phase: string;
  readonly payment: { readonly status: string };
  readonly lineItems: readonly { readonly delivery: { readonly status: string } }[];
}

/**
 * Orders through the public API only, on the production adapters: card payments, identity checks
 * and bank payouts on Stripe's SDK pointed at the Stripe contract mock (every request checked
 * against Stripe's OpenAPI document), prices from the Coinbase mock, the sandbox chain for the
 * chain side. Stripe's side (the person finishing the check, the bank answering the payout) is
 * played by the mock, whose signed events reach our webhook routes as Stripe posts them.
 */
describe('onramp and offramp end to end on the production adapters (Stripe and Coinbase mocks)', () => {
  let stripe: StripeMock;
  let coinbase: CoinbaseMock;
  let orders: OrderApi;

  beforeAll(async () => {
    stripe = await StripeMock.start();
    coinbase = await CoinbaseMock.start();
    coinbase.setPrice('USDC-USD', '1');
    orders = await startOrderServer({
      CARD_PROCESSOR: 'stripe',
      KYC_PROVIDER: 'stripe-identity',
      PAYOUT_RAIL: 'stripe',
      PRICE_SOURCE: 'coinbase',
      COINBASE_API_BASE: coinbase.url,
      STRIPE_SECRET_KEY: 'sk_test_production_e2e',
      STRIPE_API_BASE: stripe.url,
      STRIPE_MAX_NETWORK_RETRIES: 0,
      STRIPE_WEBHOOK_SECRET: SECRETS.cards,
      STRIPE_RETURN_URL: 'https://shop.example/orders/after-3ds',
      STRIPE_IDENTITY_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_IDENTITY_WEBHOOK_SECRET: SECRETS.identity,
      STRIPE_PAYOUT_ACCOUNT: PAYOUT_ACCOUNT,
      STRIPE_PAYOUT_WEBHOOK_SECRET: SECRETS.payouts,
    });
  });
  afterAll(async () => {
    await orders?.close();
    await coinbase?.close();
    await stripe?.close();
  });

  const post = (route: string, body: string, headers: Record<string, string>) =>
    fetch(`${orders.api.server.rootUrl}/webhooks/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body,
    });
  /** Stripe delivers `event` to our endpoint `route`, signed with that endpoint's secret. */
  const deliver = (route: 'stripe-identity' | 'stripe-payouts', event: Json, secret: string) => {
    const { payload, signature } = stripe.signed(event, secret);
    return post(route, payload, { 'stripe-signature': signature });
  };
  /** As Stripe delivers: again after an answer other than 2xx (Stripe backs off for days; here every 25 ms). */
  const deliverUntilTaken = async (route: 'stripe-identity' | 'stripe-payouts', event: Json, secret: string) => {
    const answer = await pollUntil(
      async () => deliver(route, event, secret),
      (response) => response.status < 500,
      10_000,
    );
    expect(answer.status).toBe(200);
    return answer;
  };
  /** Stripe's API answers 500 to everything while `during` runs: only a webhook can move an order then. */
  const whileStripeIsDown = async <T>(during: () => Promise<T>): Promise<T> => {
    stripe.fail('server-error', 1_000_000);
    try {
      return await during();
    } finally {
      stripe.recover();
    }
  };
  /** Another event about `event`'s object, changed by `changes`, as Stripe would send it (a new event id). */
  const eventLike = (event: Json, type: string, changes: Json): Json => {
    const { object } = event['data'] as { object: Json };
    return { ...event, id: `evt_${Date.now()}`, type, data: { object: { ...object, ...changes } } };
  };
  /** Long enough for the order worker (every 20 ms) to have acted on anything recorded. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  /** Polls the order until `done`; fails when it never is. */
  const reaches = async (orderId: string, done: (order: OrderBody) => boolean) => {
    const answer = await orders.until(orderId, (current) => done(current as OrderBody));
    expect(done(answer.body as OrderBody)).toBe(true);
    return answer;
  };
  const paymentStatus = async (orderId: string) => (await orders.order(orderId)).body.payment.status as string;

  describe('an onramp that requires KYC (Stripe Identity)', () => {
    const placeOrder = async (owner: string) => {
      const created = await orders.onramp(await orders.wallet(owner), '150');
      expect(created.status).toBe(201);
      return created.body as { clientSecret: string; order: { orderId: string; payment: Json } };
    };

    it('shows the verification session, is approved by the signed webhook alone, is paid with a pm_ id and delivered', async () => {
      const owner = 'email:kyc-ana@example.com';
      const { clientSecret, order } = await placeOrder(owner);
      expect(order.payment).toMatchObject({
        status: 'requires-kyc',
        preparation: {
          kyc: {
            provider: 'stripe-identity',
            inquiryId: expect.stringMatching(/^vs_/),
            sessionToken: expect.stringMatching(/^vs_\w+_secret_/),
            environmentId: PUBLISHABLE_KEY,
          },
        },
      });
      const { inquiryId } = (order.payment['preparation'] as { kyc: { inquiryId: string } }).kyc;
      expect(stripe.requests).toContainEqual(
        expect.objectContaining({
          path: '/v1/identity/verification_sessions',
          status: 200,
          body: expect.objectContaining({
            type: 'document',
            metadata: expect.objectContaining({ paykit_reference: order.orderId }),
          }),
        }),
      );

      const verified = stripe.completeVerification(inquiryId, { kind: 'verified' });
      await whileStripeIsDown(async () => {
        const received = await deliver('stripe-identity', verified, SECRETS.identity);
        expect(received.status).toBe(200);
        expect(await received.json()).toEqual({ received: true });
        await reaches(order.orderId, (current) => current.payment.status === 'awaiting-payment');
        // Stripe delivers again: acknowledged, nothing changes.
        expect((await deliver('stripe-identity', verified, SECRETS.identity)).status).toBe(200);
        // A decided check is not reopened by a later event about its session.
        const eligibility = async () =>
          (await orders.call('GET', `/2025-06-09/users/${encodeURIComponent(owner)}/identity-verification`)).body;
        const approved = await eligibility();
        expect(JSON.stringify(approved)).not.toContain('rejected');
        const canceled = eventLike(verified, 'identity.verification_session.canceled', { status: 'canceled' });
        expect((await deliver('stripe-identity', canceled, SECRETS.identity)).status).toBe(200);
        await settle();
        expect(await eligibility()).toEqual(approved);
        expect(await paymentStatus(order.orderId)).toBe('awaiting-payment');
      });

      const paid = await orders.payWithToken(order.orderId, clientSecret, 'pm_card_visa');
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({
        phase: 'delivery',
        payment: { status: 'completed', received: { amount: '150', currency: 'usd' } },
      });
      const delivered = await reaches(order.orderId, (current) => current.phase === 'completed');
      expect(delivered.body.lineItems[0].delivery).toMatchObject({
        status: 'completed',
        txId: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
    });

    it('fails the order’s KYC when Stripe reports a final failure (consent declined), from the webhook alone', async () => {
      const { order } = await placeOrder('email:kyc-declined@example.com');
      const { inquiryId } = (order.payment['preparation'] as { kyc: { inquiryId: string } }).kyc;
      const failed = stripe.completeVerification(inquiryId, { kind: 'failed', code: 'consent_declined' });
      await whileStripeIsDown(async () => {
        expect((await deliver('stripe-identity', failed, SECRETS.identity)).status).toBe(200);
        await reaches(order.orderId, (current) => current.payment.status === 'failed-kyc');
      });
    });

    it('parks the order for manual review when the document did not verify', async () => {
      const { order } = await placeOrder('email:kyc-review@example.com');
      const { inquiryId } = (order.payment['preparation'] as { kyc: { inquiryId: string } }).kyc;
      const failed = stripe.completeVerification(inquiryId, { kind: 'failed', code: 'selfie_face_mismatch' });
      expect((await deliver('stripe-identity', failed, SECRETS.identity)).status).toBe(200);
      await reaches(order.orderId, (current) => current.payment.status === 'manual-kyc');
    });

    it('refuses unsigned, forged and other endpoints’ signatures with 400, recording nothing', async () => {
      const { order } = await placeOrder('email:kyc-forged@example.com');
      const { inquiryId } = (order.payment['preparation'] as { kyc: { inquiryId: string } }).kyc;
      const verified = stripe.completeVerification(inquiryId, { kind: 'verified' });
      const { payload, signature } = stripe.signed(verified, SECRETS.identity);
      await whileStripeIsDown(async () => {
        const refusals = [
          await post('stripe-identity', payload, {}),
          await post('stripe-identity', payload, {
            'stripe-signature': signature.replace(/v1=\w+/, `v1=${'0'.repeat(64)}`),
          }),
          await deliver('stripe-identity', verified, SECRETS.cards),
          await deliver('stripe-identity', verified, SECRETS.payouts),
          // Signed for another body: the bytes are what is signed.
          await post('stripe-identity', payload.replace('"verified"', '"canceled"'), { 'stripe-signature': signature }),
        ];
        for (const refused of refusals) {
          expect(refused.status).toBe(400);
          expect(await refused.json()).toMatchObject({ error: true, code: 'invalid_webhook_signature' });
        }
        // Had anything been recorded, the order would have moved by now.
        await settle();
        expect(await paymentStatus(order.orderId)).toBe('requires-kyc');
      });
    });

    it('acknowledges events of other types and of sessions we did not open', async () => {
      // Its own order, so that a session exists whatever order the tests run in.
      await placeOrder('email:kyc-other-events@example.com');
      const created = stripe.events('identity.verification_session.created').at(-1) as Json;
      expect((await deliver('stripe-identity', created, SECRETS.identity)).status).toBe(200);
      const object = (created['data'] as { object: Json }).object;
      const foreign = {
        ...created,
        type: 'identity.verification_session.verified',
        data: { object: { ...object, status: 'verified', metadata: {} } },
      };
      const answer = await deliver('stripe-identity', foreign, SECRETS.identity);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true });
    });
  });

  describe('offramps paid out on Stripe', () => {
    /** An offramp to a bank account saved at Stripe; `pay()` broadcasts the deposit and tells the order. */
    const createOfframp = async (owner: string, accountNumber: string, amount: string) => {
      const payer = await externalPayer(orders.gateway(), amount);
      const methodId = await orders.paymentMethod(owner, accountNumber);
      expect(methodId).toEqual(expect.any(String));
      const created = await orders.call('POST', ORDERS, {
        recipient: { paymentMethodId: methodId },
        payment: { method: CHAIN, currency: 'usdc', payerAddress: payer.address },
        lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount } },
      });
      expect(created.status).toBe(201);
      const { order } = created.body;
      const pay = async () => {
        const txId = await payer.broadcast(order.payment.preparation.serializedTransaction);
        const paid = await orders.call('POST', `${ORDERS}/${order.orderId}/payment`, { type: 'crypto-tx-id', txId });
        expect(paid.body.payment.status).toBe('completed');
      };
      return { orderId: order.orderId as string, pay };
    };
    const placeOfframp = async (owner: string, accountNumber: string, amount: string) => {
      const { orderId, pay } = await createOfframp(owner, accountNumber, amount);
      await pay();
      return orderId;
    };
    /** The payout our rail made for the order, as Stripe announced it (payout.created). */
    const payoutOf = async (orderId: string): Promise<Json> => {
      const ofOrder = () =>
        stripe
          .events('payout.created')
          .map((event) => (event['data'] as { object: Json }).object)
          .find((payout) => (payout['metadata'] as Json)['paykit_reference'] === orderId);
      await pollUntil(
        async () => ofOrder(),
        (payout) => payout !== undefined,
        15_000,
      );
      return ofOrder() as Json;
    };

    it('pays out through the connected account; the paid payout’s webhook alone completes the order', async () => {
      const orderId = await placeOfframp('email:payout-paid@example.com', PAYS, '50');
      const payout = await payoutOf(orderId);
      const [item] = (await orders.order(orderId)).body.lineItems;
      expect(item.delivery.status).toBe('in-progress');
      // The quoted payout (50 usdc less fees), in cents, to the bank account saved at Stripe.
      expect(payout).toMatchObject({ amount: Math.round(item.quantity * 100), currency: 'usd', status: 'pending' });
      expect(payout['destination']).toMatch(/^ba_/);

      const paid = stripe.settlePayout(String(payout['id']));
      await whileStripeIsDown(async () => {
        // Signed by Stripe and naming the order, but not the payout sent for it: left alone.
        const other = eventLike(paid, 'payout.paid', { id: 'po_1NotTheOrdersPayout' });
        await deliverUntilTaken('stripe-payouts', other, SECRETS.payouts);
        await settle();
        expect((await orders.order(orderId)).body.lineItems[0].delivery.status).toBe('in-progress');

        await deliverUntilTaken('stripe-payouts', paid, SECRETS.payouts);
        const done = await reaches(orderId, (current) => current.phase === 'completed');
        expect(done.body.lineItems[0].delivery).toMatchObject({ status: 'completed', rail: 'ach' });
        expect((await deliver('stripe-payouts', paid, SECRETS.payouts)).status).toBe(200);
      });
    });

    it('takes a payout the bank returned (no_account) to the failed delivery, from the webhook alone', async () => {
      const orderId = await placeOfframp('email:payout-returned@example.com', NO_ACCOUNT, '30');
      const returned = stripe.settlePayout(String((await payoutOf(orderId))['id']));
      expect(returned['type']).toBe('payout.failed');
      await whileStripeIsDown(async () => {
        await deliverUntilTaken('stripe-payouts', returned, SECRETS.payouts);
        // Returning the stablecoin is not built (ADR 0110): the failed delivery is left for operations.
        const failed = await reaches(orderId, (current) => current.lineItems[0]?.delivery.status === 'failed');
        expect(failed.body.lineItems[0].delivery).toMatchObject({
          status: 'failed',
          failureReason: { code: 'no_account', message: 'The bank returned the payout: no_account' },
        });
      });
    });

    it('retries a payout Stripe answered 500 with the same idempotency key: one payout, the order never half-written', async () => {
      const payoutRequests = () => stripe.requests.filter((request) => request.path === '/v1/payouts');
      const before = payoutRequests().length;
      const { orderId: placed, pay } = await createOfframp('email:payout-retried@example.com', PAYS, '20');
      const orderId = await whileStripeIsDown(async () => {
        await pay();
        await pollUntil(
          async () => payoutRequests().slice(before),
          (requests) => requests.filter((request) => request.status === 500).length >= 2,
          15_000,
        );
        const meanwhile = (await orders.order(placed)).body;
        expect(meanwhile.phase).toBe('delivery');
        expect(meanwhile.lineItems[0].delivery).toMatchObject({ status: 'in-progress' });
        expect(meanwhile.lineItems[0].delivery.failureReason).toBeUndefined();
        return placed;
      });
      const payout = await payoutOf(orderId);
      const sent = payoutRequests().slice(before);
      expect(new Set(sent.map((request) => request.idempotencyKey))).toEqual(new Set([`pay_${orderId}`]));
      expect(sent.filter((request) => request.status === 200)).toHaveLength(1);

      await deliverUntilTaken('stripe-payouts', stripe.settlePayout(String(payout['id'])), SECRETS.payouts);
      await reaches(orderId, (current) => current.phase === 'completed');
    });

    it('refuses a bad signature and a body that is not a Stripe event with 400', async () => {
      const forged = await post('stripe-payouts', JSON.stringify({ id: 'evt_1', type: 'payout.paid' }), {
        'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      });
      expect(forged.status).toBe(400);
      expect(await forged.json()).toMatchObject({ error: true, code: 'invalid_webhook_signature' });

      for (const route of ['stripe-payouts', 'stripe-identity']) {
        const notJson = await post(route, '{"id": "evt_1", "type": ', { 'stripe-signature': 't=1,v1=00' });
        expect(notJson.status).toBe(400);
        expect(await notJson.json()).toMatchObject({ error: true, code: expect.any(String) });
        const notAnEvent = await post(route, JSON.stringify({ object: 'event' }), { 'stripe-signature': 't=1,v1=00' });
        expect(notAnEvent.status).toBe(400);
        expect(await notAnEvent.json()).toMatchObject({ error: true, code: expect.any(String) });
      }
    });
  });
});
