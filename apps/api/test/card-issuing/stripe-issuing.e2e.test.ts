import type { StripeCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { StripeMock } from '../../../../packages/providers/test/support/stripe-mock/index.js';
import { CARD_ISSUER } from '../../src/card-issuing/card-issuer.provider.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';

const WEBHOOK_SECRET = 'whsec_issuing_e2e';
const SHOP = 'https://tidygoods.example';

/**
 * Agent-checkout cards on Stripe Issuing (CARD_ISSUER=stripe) with the SDK pointed at the Stripe
 * contract mock, and Stripe's real-time `issuing_authorization.request` posted, signed, to
 * POST /webhooks/stripe-issuing: the HTTP answer is the decision.
 */
describe('Stripe Issuing as the card issuer (the contract mock)', () => {
  let mock: StripeMock;
  let server: TestServer;

  beforeAll(async () => {
    mock = await StripeMock.start();
    server = await startServer({
      env: {
        EVENT_STORE: 'memory',
        CARD_ISSUER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_issuing_e2e',
        STRIPE_ISSUING_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_ISSUING_BILLING_ADDRESS: JSON.stringify({
          line1: '1 Main St',
          city: 'San Francisco',
          postal_code: '94107',
          country: 'US',
        }),
        STRIPE_API_BASE: mock.url,
        STRIPE_MAX_NETWORK_RETRIES: 0,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await mock?.close();
  });

  const issue = async (key: string) => {
    const issued = await server.app.get<StripeCardIssuer>(CARD_ISSUER).issueCard({
      idempotencyKey: key,
      cardholder: { name: 'Alice Shopper' },
      controls: {
        cap: { amount: '49.94', currency: 'USD' },
        maxApprovals: 1,
        merchantOrigin: SHOP,
        expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
      },
      metadata: { projectId: 'project-1', runId: key, attemptId: 'attempt-1' },
    });
    if (E.isLeft(issued)) throw new Error(issued.left.message);
    return issued.right;
  };

  const deliver = (payload: string, signature: string) =>
    fetchJson(`${server.rootUrl}/webhooks/stripe-issuing`, {
      body: payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    });

  const requestFor = (cardId: string, amount: number) => {
    const { event } = mock.networkAuthorize(cardId, {
      amount,
      currency: 'usd',
      merchant: { name: 'Tidy Goods', url: `${SHOP}/checkout` },
    });
    return mock.signed(event!, WEBHOOK_SECRET);
  };

  it('approves the declared amount once at the locked merchant, in the webhook’s answer', async () => {
    const card = await issue('run-e2e-1');
    const first = requestFor(card.cardId, 2000);
    const approved = await deliver(first.payload, first.signature);
    expect(approved).toMatchObject({ status: 200, body: { approved: true } });
    expect(approved.headers.get('stripe-version')).toMatch(/^\d{4}-\d{2}-\d{2}/);

    const second = requestFor(card.cardId, 100);
    expect(await deliver(second.payload, second.signature)).toMatchObject({ status: 200, body: { approved: false } });
  });

  it('refuses a request Stripe did not sign with the endpoint’s secret (400, the error body)', async () => {
    const card = await issue('run-e2e-2');
    const other = mock.signed(
      mock.networkAuthorize(card.cardId, { amount: 100, currency: 'usd', merchant: { name: 'Tidy Goods' } }).event!,
      'whsec_someone_else',
    );
    expect(await deliver(other.payload, other.signature)).toMatchObject({
      status: 400,
      body: { error: true, code: 'invalid_webhook_signature' },
    });
  });

  it('acknowledges other issuing events, and has no sandbox card network', async () => {
    const card = await issue('run-e2e-3');
    const event = mock.events('issuing_card.created').find((each) => JSON.stringify(each).includes(card.cardId));
    const created = mock.signed(event!, WEBHOOK_SECRET);
    expect(await deliver(created.payload, created.signature)).toMatchObject({ status: 200, body: { received: true } });
    const network = await fetchJson(`${server.rootUrl}/sandbox/card-network/authorizations`, {
      body: {
        card: { number: '4000009901234560', expMonth: 1, expYear: 2030, cvc: '123' },
        amount: { value: '1', currency: 'USD' },
        merchant: { name: 'Tidy Goods', url: SHOP },
      },
    });
    expect(network.status).toBe(404);
  });
});

describe('POST /webhooks/stripe-issuing with the sandbox issuer', () => {
  it('is 404', async () => {
    const server = await startServer({ env: { EVENT_STORE: 'memory' } });
    try {
      const answer = await fetchJson(`${server.rootUrl}/webhooks/stripe-issuing`, {
        body: JSON.stringify({ id: 'evt_1', type: 'issuing_authorization.request' }),
        headers: { 'stripe-signature': 't=1,v1=00' },
      });
      expect(answer.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
