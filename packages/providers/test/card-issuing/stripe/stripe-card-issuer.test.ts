import * as E from 'fp-ts/lib/Either.js';
import { MemoryEventStore } from '@paykit/event-store';
import { Decimal } from '@paykit/kernel';
import {
  type IssuedCard,
  StripeAuthorizationRequests,
  StripeCardIssuer,
  createStripeClient,
} from '../../../src/index.js';
import { StripeMock } from '../../support/stripe-mock/index.js';
import { KEY, clockAt, leftOf, rightOf } from '../../support.js';
import { MERCHANT, type NetworkAsk, cardRequest, describeCardIssuer } from '../card-issuer-conformance.js';

const SECRET_KEY = 'sk_test_issuing';
const ENDPOINT_SECRET = 'whsec_issuing';
const BILLING = { line1: '1 Main St', city: 'San Francisco', postal_code: '94107', country: 'US', state: 'CA' };

let mock: StripeMock;

beforeAll(async () => {
  mock = await StripeMock.start();
});

// Fails when an answer of the mock broke Stripe's schema, or a request reached what it does not implement.
afterAll(() => mock.close());

const setup = (settings: { timeoutMs?: number } = {}) => {
  const clock = clockAt(new Date().toISOString());
  const state = { store: new MemoryEventStore(), encryptionKey: KEY };
  const stripe = createStripeClient({
    secretKey: SECRET_KEY,
    apiBase: mock.url,
    maxNetworkRetries: 0,
    timeoutMs: settings.timeoutMs ?? 10_000,
  });
  const issuer = new StripeCardIssuer({ stripe, clock, state, billing: BILLING });
  const requests = new StripeAuthorizationRequests({ endpointSecret: ENDPOINT_SECRET, clock, state });
  return { clock, state, issuer, requests };
};

const minor = (amount: string): number => new Decimal(amount).mul(100).toNumber();

/** The network through Stripe: Stripe's own checks, then our endpoint's answer to its signed request. */
const payThroughStripe =
  (subject: ReturnType<typeof setup>) => async (card: IssuedCard, asks: readonly NetworkAsk[]) => {
    const asked = asks.map(({ details, amount, merchant }) =>
      mock.networkAuthorize(card.cardId, {
        amount: minor(amount.amount),
        currency: amount.currency.toLowerCase(),
        merchant,
        cvc: details.cvc,
      }),
    );
    await Promise.all(
      asked.map(async ({ authorization, event }) => {
        if (!event) return;
        const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
        const answer = await subject.requests.answer(Buffer.from(payload), signature);
        mock.settle(String(authorization['id']), E.isRight(answer) && answer.right ? answer.right : 'timeout');
      }),
    );
    const listed = rightOf(await subject.issuer.listAuthorizations(card.cardId));
    return asked.map(({ authorization }) => {
      const found = listed.find((each) => each.authorizationId === authorization['id'])!;
      return {
        authorizationId: found.authorizationId,
        approved: found.approved,
        ...(found.declineCode && { declineCode: found.declineCode }),
      };
    });
  };

describeCardIssuer('StripeCardIssuer', () => {
  const subject = setup();
  return { issuer: subject.issuer, clock: subject.clock, pay: payThroughStripe(subject) };
});

const since = () => {
  const from = mock.requests.length;
  return () => mock.requests.slice(from);
};

describe('the Stripe card issuer against Stripe’s OpenAPI document', () => {
  it('makes one cardholder per buyer and a virtual card held to the cap, with our metadata and key', async () => {
    const { issuer, clock } = setup();
    const sent = since();
    const request = cardRequest(clock, 'contract-1');
    const card = rightOf(await issuer.issueCard(request));
    rightOf(await issuer.issueCard(cardRequest(clock, 'contract-2')));

    const [cardholder, created, second] = sent().filter((each) => each.method === 'POST');
    expect(cardholder).toMatchObject({
      path: '/v1/issuing/cardholders',
      status: 200,
      body: { type: 'individual', name: 'Alice Shopper', billing: { address: BILLING }, status: 'active' },
    });
    expect(created).toMatchObject({
      path: '/v1/issuing/cards',
      idempotencyKey: request.idempotencyKey,
      status: 200,
      body: {
        type: 'virtual',
        currency: 'usd',
        status: 'active',
        spending_controls: {
          spending_limits: [
            { amount: 4994, interval: 'per_authorization' },
            { amount: 4994, interval: 'all_time' },
          ],
        },
        metadata: {
          projectId: 'project-1',
          runId: 'run-1',
          attemptId: 'contract-1',
          paykit_merchant_origin: 'https://tidygoods.example',
          paykit_expires_at: request.controls.expiresAt,
          paykit_max_approvals: '1',
        },
      },
    });
    // The second card of the same buyer goes to the same cardholder.
    expect(second).toMatchObject({ path: '/v1/issuing/cards', body: { cardholder: created?.body?.['cardholder'] } });
    expect(card.cardId).toMatch(/^ic_/);
  });

  it('reveals by retrieving the card with number and cvc expanded, and cancels it to close it', async () => {
    const { issuer, clock } = setup();
    const card = rightOf(await issuer.issueCard(cardRequest(clock, 'contract-3')));
    const sent = since();
    rightOf(await issuer.revealCard(card.cardId));
    rightOf(await issuer.closeCard(card.cardId));
    expect(sent().map((each) => [each.method, each.path, each.body])).toEqual([
      ['GET', `/v1/issuing/cards/${card.cardId}`, {}],
      ['GET', `/v1/issuing/cards/${card.cardId}`, {}],
      ['POST', `/v1/issuing/cards/${card.cardId}`, { status: 'canceled' }],
    ]);
    expect(mock.events('issuing_card.updated').at(-1)).toMatchObject({
      data: { object: { id: card.cardId, status: 'canceled' } },
    });
  });

  describe('the real-time decision on issuing_authorization.request', () => {
    it('compares the merchant’s name with the shop when the network gives no url', async () => {
      const subject = setup();
      const pay = payThroughStripe(subject);
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-4')));
      const details = rightOf(await subject.issuer.revealCard(card.cardId));
      const at = (name: string) => ({
        details,
        amount: { amount: '49.94', currency: 'USD' },
        merchant: { name, url: '' },
      });
      expect((await pay(card, [at('OTHER SHOP')]))[0]).toMatchObject({ declineCode: 'merchant_mismatch' });
      expect((await pay(card, [at('SQ *TIDY GOODS')]))[0]).toMatchObject({ approved: true });
    });

    it('answers a repeated request as it was decided', async () => {
      const subject = setup();
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-5')));
      const { event } = mock.networkAuthorize(card.cardId, { amount: 4994, currency: 'usd', merchant: MERCHANT });
      const { payload, signature } = mock.signed(event!, ENDPOINT_SECRET);
      expect(rightOf(await subject.requests.answer(Buffer.from(payload), signature))).toEqual({ approved: true });
      expect(rightOf(await subject.requests.answer(Buffer.from(payload), signature))).toEqual({ approved: true });
    });

    it('approves exactly one when two instances on one store answer requests at once', async () => {
      const subject = setup();
      const other = new StripeAuthorizationRequests({
        endpointSecret: ENDPOINT_SECRET,
        clock: subject.clock,
        state: subject.state,
      });
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-two-instances')));
      const events = Array.from(
        { length: 6 },
        () => mock.networkAuthorize(card.cardId, { amount: 100, currency: 'usd', merchant: MERCHANT }).event!,
      );
      const answers = await Promise.all(
        events.map((event, index) => {
          const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
          return (index % 2 === 0 ? subject.requests : other).answer(Buffer.from(payload), signature);
        }),
      );
      expect(answers.map((answer) => rightOf(answer)?.approved).filter(Boolean)).toHaveLength(1);
    });

    it('refuses a bad signature, another secret, an altered body, a stale timestamp or none', async () => {
      const subject = setup();
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-6')));
      const { event } = mock.networkAuthorize(card.cardId, { amount: 100, currency: 'usd', merchant: MERCHANT });
      const { payload, signature } = mock.signed(event!, ENDPOINT_SECRET);
      const other = mock.signed(event!, 'whsec_someone_else');
      const stale = mock.signed(event!, ENDPOINT_SECRET, Math.floor(Date.now() / 1000) - 600);
      for (const [body, header] of [
        [payload, other.signature],
        [payload.replace('"merchant_amount": 100', '"merchant_amount": 1'), signature],
        [stale.payload, stale.signature],
        [payload, 't=1,v1=00'],
        [payload, undefined],
      ] as const) {
        expect(leftOf(await subject.requests.answer(Buffer.from(body), header))).toMatchObject({
          kind: 'invalid',
          code: 'invalid_webhook_signature',
        });
      }
    });

    it('declines nothing it cannot read: a request without its card is invalid, other events ask nothing', async () => {
      const subject = setup();
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-7')));
      const { event } = mock.networkAuthorize(card.cardId, { amount: 100, currency: 'usd', merchant: MERCHANT });
      const object = (event!['data'] as { object: Record<string, unknown> }).object;
      const broken = {
        ...event!,
        data: { object: { ...object, card: { ...(object['card'] as object), metadata: {} } } },
      };
      const { payload, signature } = mock.signed(broken, ENDPOINT_SECRET);
      expect(leftOf(await subject.requests.answer(Buffer.from(payload), signature)).code).toBe(
        'invalid_webhook_payload',
      );
      const created = mock.signed(mock.events('issuing_card.created').at(-1)!, ENDPOINT_SECRET);
      expect(rightOf(await subject.requests.answer(Buffer.from(created.payload), created.signature))).toBeUndefined();
    });

    it('lists a request we did not answer in time as declined', async () => {
      const subject = setup();
      const card = rightOf(await subject.issuer.issueCard(cardRequest(subject.clock, 'contract-8')));
      const { authorization } = mock.networkAuthorize(card.cardId, {
        amount: 100,
        currency: 'usd',
        merchant: MERCHANT,
      });
      mock.settle(String(authorization['id']), 'timeout');
      expect(rightOf(await subject.issuer.listAuthorizations(card.cardId))).toEqual([
        expect.objectContaining({
          approved: false,
          declineCode: 'card_closed',
          amount: { amount: '1', currency: 'USD' },
        }),
      ]);
    });
  });

  describe('when Stripe fails', () => {
    it('answers a 5xx as unavailable', async () => {
      const { issuer, clock } = setup();
      mock.fail('server-error');
      expect(leftOf(await issuer.issueCard(cardRequest(clock, 'fail-1')))).toMatchObject({
        kind: 'unavailable',
        code: 'provider_unavailable',
      });
    });

    it('answers no answer within the timeout as provider_timeout', async () => {
      const { issuer } = setup({ timeoutMs: 150 });
      mock.fail('timeout');
      expect(leftOf(await issuer.getCard('ic_any'))).toMatchObject({ kind: 'unavailable', code: 'provider_timeout' });
    });

    it.each(['not-json', 'wrong-shape'] as const)('answers a %s answer as upstream_invalid', async (fault) => {
      const { issuer, clock } = setup();
      const card = rightOf(await issuer.issueCard(cardRequest(clock, `fail-${fault}`)));
      mock.fail(fault);
      expect(leftOf(await issuer.revealCard(card.cardId)).kind).toBe('upstream_invalid');
    });

    it('answers what Stripe refuses as invalid, naming Stripe’s reason', async () => {
      const { issuer, clock } = setup();
      const request = cardRequest(clock, 'fail-refused');
      const refused = leftOf(
        await issuer.issueCard({
          ...request,
          controls: { ...request.controls, cap: { amount: '1', currency: 'U$D' } },
        }),
      );
      expect(refused.kind).toBe('invalid');
    });
  });
});
