import { ManualClock } from '@paykit/kernel';
import {
  type StripeClientSettings,
  StripeBankAccountVault,
  StripePayoutRail,
  StripePayoutWebhooks,
  createStripeClient,
} from '../../../src/index.js';
import { StripeMock } from '../../support/stripe-mock/index.js';
import { leftOf, rightOf } from '../../support.js';

const ACCOUNT = 'acct_1PayKitPayouts';
const ENDPOINT_SECRET = 'whsec_payouts';
const ROUTING = '110000000';

let mock: StripeMock;

beforeAll(async () => {
  mock = await StripeMock.start();
});

// Fails when an answer of the mock broke Stripe's schema, or a request reached what it does not implement.
afterAll(() => mock.close());

const stripe = (settings: Partial<StripeClientSettings> = {}) =>
  createStripeClient({ secretKey: 'sk_test_contract', apiBase: mock.url, maxNetworkRetries: 0, ...settings });
const vault = () => new StripeBankAccountVault({ stripe: stripe(), account: ACCOUNT });
const rail = (settings: Partial<StripeClientSettings> = {}) =>
  new StripePayoutRail({ stripe: stripe(settings), account: ACCOUNT });
const webhooks = () =>
  new StripePayoutWebhooks({ endpointSecret: ENDPOINT_SECRET, clock: new ManualClock(new Date().toISOString()) });

const bankAccount = async (accountNumber = '000123456789') =>
  rightOf(await vault().tokenizeBankAccount({ accountNumber, routingNumber: ROUTING, holderName: 'Ana Silva' }));

let orders = 0;
const payOut = async (token: string, amount = '125.40') => {
  const reference = `order-${process.pid}-${++orders}`;
  return rightOf(await rail().createPayout({ paymentMethodToken: token, amount, currency: 'usd', reference }));
};

describe('the Stripe bank-account vault against Stripe’s OpenAPI document', () => {
  it('tokenizes the number at Stripe and keeps only the external account id and last four digits', async () => {
    const token = await bankAccount();
    expect(token).toEqual({
      token: expect.stringMatching(/^ba_/),
      accountSuffix: '6789',
      routingNumber: ROUTING,
      accountType: 'checking',
      currency: 'usd',
      country: 'US',
    });
    const [tokenRequest, attach] = mock.requests.slice(-2);
    expect(tokenRequest).toMatchObject({ path: '/v1/tokens', status: 200 });
    expect(attach).toMatchObject({
      path: `/v1/accounts/${ACCOUNT}/external_accounts`,
      status: 200,
      body: { external_account: expect.stringMatching(/^btok_/) },
    });
    expect(JSON.stringify(attach)).not.toContain('000123456789');
    expect(rightOf(await vault().describeBankAccount(token.token))).toEqual(token);
  });

  it('refuses bad numbers before calling Stripe, and a number Stripe refuses', async () => {
    const before = mock.requests.length;
    expect(leftOf(await vault().tokenizeBankAccount({ accountNumber: '12', routingNumber: ROUTING })).code).toBe(
      'invalid_account_number',
    );
    expect(
      leftOf(await vault().tokenizeBankAccount({ accountNumber: '000123456789', routingNumber: '123456789' })).code,
    ).toBe('invalid_routing_number');
    expect(mock.requests.length).toBe(before);
    expect(
      leftOf(await vault().tokenizeBankAccount({ accountNumber: '000999999999', routingNumber: ROUTING })).code,
    ).toBe('invalid_account_number');
  });

  it('deletes an account once, and then does not know it', async () => {
    const { token } = await bankAccount();
    expect(rightOf(await vault().deleteBankAccount(token))).toBe(true);
    expect(rightOf(await vault().deleteBankAccount(token))).toBe(false);
    expect(leftOf(await vault().describeBankAccount(token)).code).toBe('bank_account_not_found');
  });
});

describe('the Stripe payout rail against Stripe’s OpenAPI document', () => {
  it('pays out in cents to the external account, from the connected account, with our idempotency key', async () => {
    const { token } = await bankAccount();
    const payout = await payOut(token);
    expect(payout).toMatchObject({
      payoutId: expect.stringMatching(/^po_/),
      status: 'pending',
      amount: { amount: '125.4', currency: 'usd' },
      accountSuffix: '6789',
    });
    expect(mock.requests.at(-1)).toMatchObject({
      path: '/v1/payouts',
      status: 200,
      idempotencyKey: payout.reference,
      body: { amount: 12540, currency: 'usd', destination: token, metadata: { paykit_reference: payout.reference } },
    });
    const again = rightOf(
      await rail().createPayout({
        paymentMethodToken: token,
        amount: '125.40',
        currency: 'usd',
        reference: payout.reference,
      }),
    );
    expect(again.payoutId).toBe(payout.payoutId);
    expect(
      leftOf(
        await rail().createPayout({
          paymentMethodToken: token,
          amount: '1',
          currency: 'usd',
          reference: payout.reference,
        }),
      ),
    ).toMatchObject({ kind: 'conflict', code: 'idempotency_key_reused' });
  });

  it('reads a paid payout as settled, and its signed webhook says the same', async () => {
    const payout = await payOut((await bankAccount()).token);
    const event = mock.settlePayout(payout.payoutId);
    expect(rightOf(await rail().getPayout(payout.payoutId))).toMatchObject({
      status: 'settled',
      settledAt: expect.any(String),
    });
    const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
    expect(rightOf(webhooks().payoutUpdateOf(Buffer.from(payload), signature))).toMatchObject({
      payoutId: payout.payoutId,
      reference: payout.reference,
      status: 'settled',
    });
  });

  it.each([
    ['000111111116', 'no_account'],
    ['000111111113', 'account_closed'],
  ])('reads a payout returned by the bank (%s) as failed with %s, for the refund path', async (number, code) => {
    const payout = await payOut((await bankAccount(number)).token);
    const event = mock.settlePayout(payout.payoutId);
    expect(rightOf(await rail().getPayout(payout.payoutId))).toMatchObject({
      status: 'failed',
      failedAt: expect.any(String),
      failureReason: { code },
    });
    const { payload, signature } = mock.signed(event, ENDPOINT_SECRET);
    expect(rightOf(webhooks().payoutUpdateOf(Buffer.from(payload), signature))).toMatchObject({
      status: 'failed',
      failureReason: { code },
    });
  });

  it('refuses a webhook with a bad signature, an altered body or none', async () => {
    const payout = await payOut((await bankAccount()).token);
    const { payload, signature } = mock.signed(mock.settlePayout(payout.payoutId), ENDPOINT_SECRET);
    const other = mock.signed(mock.events('payout.created').at(-1)!, 'whsec_other');
    for (const [body, header] of [
      [payload, other.signature],
      [payload.replace('"paid"', '"failed"'), signature],
      [payload, undefined],
    ] as const) {
      expect(leftOf(webhooks().payoutUpdateOf(Buffer.from(body), header)).code).toBe('invalid_webhook_signature');
    }
  });

  it('refuses a token Stripe does not know, a bad amount, and answers an unknown payout as payout_not_found', async () => {
    expect(
      leftOf(
        await rail().createPayout({
          paymentMethodToken: 'ba_unknown',
          amount: '5',
          currency: 'usd',
          reference: 'order-x',
        }),
      ).code,
    ).toBe('payment_method_token_invalid');
    expect(
      leftOf(
        await rail().createPayout({
          paymentMethodToken: 'ba_unknown',
          amount: '5.001',
          currency: 'usd',
          reference: 'order-y',
        }),
      ).kind,
    ).toBe('invalid');
    expect(leftOf(await rail().getPayout('po_unknown')).code).toBe('payout_not_found');
  });

  describe('failures', () => {
    it('answers Stripe’s 500 as unavailable and no answer in time as provider_timeout', async () => {
      const { token } = await bankAccount();
      mock.fail('server-error');
      expect(
        leftOf(
          await rail().createPayout({ paymentMethodToken: token, amount: '5', currency: 'usd', reference: 'o-500' }),
        ),
      ).toMatchObject({ kind: 'unavailable', code: 'provider_unavailable' });
      mock.fail('timeout');
      expect(
        leftOf(
          await rail({ timeoutMs: 150 }).createPayout({
            paymentMethodToken: token,
            amount: '5',
            currency: 'usd',
            reference: 'o-slow',
          }),
        ),
      ).toMatchObject({ kind: 'unavailable', code: 'provider_timeout' });
    });

    it.each(['not-json', 'wrong-shape'] as const)('answers a %s answer as upstream_invalid', async (fault) => {
      const payout = await payOut((await bankAccount()).token);
      mock.fail(fault);
      expect(leftOf(await rail().getPayout(payout.payoutId))).toMatchObject({
        kind: 'upstream_invalid',
        code: 'provider_invalid_response',
      });
    });
  });
});
