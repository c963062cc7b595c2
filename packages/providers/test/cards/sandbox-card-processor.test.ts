import type { ManualClock } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import {
  SandboxCardProcessor,
  SandboxCardVault,
  SandboxFaults,
  type CardTokenOwner,
  type ChargeRequest,
} from '../../src/index.js';
import { clockAt, ids, leftOf, rightOf } from '../support.js';

interface Setup {
  readonly clock: ManualClock;
  readonly processor: SandboxCardProcessor;
  readonly vault: SandboxCardVault;
  readonly tokenOf: (number: string, expiry?: { expMonth: number; expYear: number }) => Promise<string>;
  readonly charge: (number: string, overrides?: Partial<ChargeRequest>) => ReturnType<SandboxCardProcessor['charge']>;
}

const VISA = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

const setup = (faults?: SandboxFaults): Setup => {
  const clock = clockAt('2026-03-15T12:00:00Z');
  const shared = { clock, ids: ids('processor'), ...(faults && { faults }) };
  const vault = new SandboxCardVault(shared);
  const processor = new SandboxCardProcessor({
    ...shared,
    vault,
    verificationUrl: (id) => `http://127.0.0.1/sandbox/3ds/${id}`,
  });
  const tokenOf = async (number: string, expiry = { expMonth: 12, expYear: 2030 }) =>
    rightOf(await vault.tokenizeCard({ number, ...expiry, cvc: number.length === 15 ? '1234' : '123' })).token;
  const charge = async (number: string, overrides: Partial<ChargeRequest> = {}) =>
    processor.charge({
      token: await tokenOf(number),
      amount: '100.50',
      currency: 'usd',
      idempotencyKey: `key-${number}`,
      ...overrides,
    });
  return { clock, processor, vault, tokenOf, charge };
};

describe('SandboxCardProcessor: test cards', () => {
  it.each(['4242424242424242', '5555555555554444', '378282246310005', '4111111111111111'])(
    'charges %s',
    async (number) => {
      const charge = rightOf(await setup().charge(number));
      expect(charge).toMatchObject({
        status: 'succeeded',
        amount: { amount: '100.5', currency: 'usd' },
        card: { last4: number.slice(-4) },
      });
      expect(charge.chargeId).toMatch(/^ch_/);
      expect(charge.createdAt).toBe('2026-03-15T12:00:00.000Z');
    },
  );

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
  ])('declines %s with %s', async (number, declineCode) => {
    const charge = rightOf(await setup().charge(number));
    expect(charge).toMatchObject({ status: 'declined', declineCode, failureReason: { code: 'payment-declined' } });
  });

  it('answers a processor error on 4000000000000119 as unavailable, and keeps nothing', async () => {
    const { processor, tokenOf } = setup();
    const request = { token: await tokenOf('4000000000000119'), amount: '10', currency: 'usd', idempotencyKey: 'k' };
    expect(leftOf(await processor.charge(request))).toMatchObject({
      kind: 'unavailable',
      code: 'provider_unavailable',
    });
    expect(leftOf(await processor.charge(request)).kind).toBe('unavailable');
  });

  it('declines a card that expired after it was tokenized, on the injected clock', async () => {
    const { clock, processor, tokenOf } = setup();
    clock.set('2026-03-31T23:55:00Z');
    const token = await tokenOf('4242424242424242', { expMonth: 3, expYear: 2026 });
    clock.set('2026-04-01T00:00:00Z');
    const charge = rightOf(await processor.charge({ token, amount: '5', currency: 'usd', idempotencyKey: 'late' }));
    expect(charge).toMatchObject({ status: 'declined', declineCode: 'expired_card' });
  });
});

describe('SandboxCardProcessor: verification step', () => {
  it('asks 4000002500003155 to verify, then succeeds when the cardholder passes', async () => {
    const { processor, charge } = setup();
    const pending = rightOf(await charge('4000002500003155'));
    if (pending.status !== 'requires-verification')
      throw new Error(`expected a verification step, got ${pending.status}`);
    expect(pending.verification).toEqual({
      id: expect.stringMatching(/^vrf_/),
      type: '3ds',
      url: `http://127.0.0.1/sandbox/3ds/${pending.verification.id}`,
    });
    expect(rightOf(await processor.completeVerification(pending.verification.id, 'succeeded')).status).toBe(
      'succeeded',
    );
    expect(rightOf(await processor.getCharge(pending.chargeId)).status).toBe('succeeded');
    expect(rightOf(await processor.completeVerification(pending.verification.id, 'succeeded')).status).toBe(
      'succeeded',
    );
    expect(leftOf(await processor.completeVerification(pending.verification.id, 'failed')).code).toBe(
      'verification_already_completed',
    );
  });

  it('declines when the cardholder fails the verification', async () => {
    const { processor, charge } = setup();
    const pending = rightOf(await charge('4000002500003155'));
    if (pending.status !== 'requires-verification') throw new Error('expected a verification step');
    const failed = rightOf(await processor.completeVerification(pending.verification.id, 'failed'));
    expect(failed).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_failed',
      failureReason: { code: 'payment-declined' },
    });
    const retry = rightOf(await charge('4000002500003155', { idempotencyKey: 'second-attempt' }));
    expect([retry.status, retry.chargeId === pending.chargeId]).toEqual(['requires-verification', false]);
  });

  it('knows no verification it did not ask for', async () => {
    expect(leftOf(await setup().processor.completeVerification('vrf_nope', 'succeeded'))).toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('SandboxCardProcessor: idempotency and refusals', () => {
  it('returns the same charge for a repeated key, as it stands now', async () => {
    const { processor, tokenOf } = setup();
    const request = {
      token: await tokenOf('4000002500003155'),
      amount: '20.00',
      currency: 'usd',
      idempotencyKey: 'order-1',
    };
    const first = rightOf(await processor.charge(request));
    if (first.status !== 'requires-verification') throw new Error('expected a verification step');
    await processor.completeVerification(first.verification.id, 'succeeded');
    const repeat = rightOf(await processor.charge({ ...request, amount: '20' }));
    expect([repeat.chargeId, repeat.status]).toEqual([first.chargeId, 'succeeded']);
  });

  it('refuses a key reused with other parameters', async () => {
    const { processor, tokenOf } = setup();
    const request = {
      token: await tokenOf('4242424242424242'),
      amount: '20',
      currency: 'usd',
      idempotencyKey: 'order-2',
    };
    rightOf(await processor.charge(request));
    expect(leftOf(await processor.charge({ ...request, amount: '21' }))).toMatchObject({
      kind: 'conflict',
      code: 'idempotency_key_reused',
    });
    expect(leftOf(await processor.charge({ ...request, idempotencyKey: ' ' })).code).toBe('invalid_idempotency_key');
  });

  it('refuses unknown tokens, bad amounts and currencies it does not charge', async () => {
    const { processor, charge } = setup();
    expect(
      leftOf(await processor.charge({ token: 'tok_x', amount: '1', currency: 'usd', idempotencyKey: 'a' })).code,
    ).toBe('card_token_invalid');
    for (const amount of ['0', '-1', '1.005', 'ten', '1e3']) {
      expect(leftOf(await charge('4242424242424242', { amount })).code).toBe('invalid_amount');
    }
    expect(leftOf(await charge('4242424242424242', { currency: 'jpy' })).code).toBe('currency_not_supported');
  });

  it('answers injected outages and malformed answers', async () => {
    const faults = new SandboxFaults();
    const { processor, charge } = setup(faults);
    const succeeded = rightOf(await charge('4242424242424242'));
    faults.inject({ operation: 'cards.charge', kind: 'timeout', times: 1 });
    expect(leftOf(await charge('5555555555554444')).code).toBe('provider_timeout');
    faults.inject({ operation: 'cards.getCharge', kind: 'malformed', times: 1 });
    expect(leftOf(await processor.getCharge(succeeded.chargeId)).kind).toBe('upstream_invalid');
    expect(rightOf(await processor.getCharge(succeeded.chargeId)).status).toBe('succeeded');
    expect(leftOf(await processor.getCharge('ch_nope')).code).toBe('charge_not_found');
  });
});

describe('SandboxCardProcessor: refunds', () => {
  it('refunds in parts, never more than was charged', async () => {
    const { processor, charge } = setup();
    const { chargeId } = rightOf(await charge('4242424242424242'));
    const part = rightOf(await processor.refund({ chargeId, amount: '40.5', idempotencyKey: 'r1' }));
    expect(part).toMatchObject({ chargeId, amount: { amount: '40.5', currency: 'usd' }, status: 'succeeded' });
    expect(leftOf(await processor.refund({ chargeId, amount: '60.01', idempotencyKey: 'r2' }))).toMatchObject({
      code: 'refund_exceeds_charge',
      parameters: { remainingAmount: '60' },
    });
    expect(rightOf(await processor.refund({ chargeId, idempotencyKey: 'r3' })).amount.amount).toBe('60');
    expect(leftOf(await processor.refund({ chargeId, idempotencyKey: 'r4' })).code).toBe('refund_exceeds_charge');
  });

  it('repeats a refund for a repeated key instead of refunding twice', async () => {
    const { processor, charge } = setup();
    const { chargeId } = rightOf(await charge('4242424242424242'));
    const first = rightOf(await processor.refund({ chargeId, idempotencyKey: 'refund-order-1' }));
    const again = rightOf(await processor.refund({ chargeId, idempotencyKey: 'refund-order-1' }));
    expect(again).toEqual(first);
    expect(leftOf(await processor.refund({ chargeId, amount: '1', idempotencyKey: 'refund-order-1' })).code).toBe(
      'idempotency_key_reused',
    );
  });

  it('refunds only succeeded charges it knows', async () => {
    const { processor, charge } = setup();
    const declined = rightOf(await charge('4000000000000002'));
    expect(leftOf(await processor.refund({ chargeId: declined.chargeId, idempotencyKey: 'x' })).code).toBe(
      'charge_not_refundable',
    );
    expect(leftOf(await processor.refund({ chargeId: 'ch_nope', idempotencyKey: 'y' })).code).toBe('charge_not_found');
  });
});

describe('SandboxCardProcessor: a token pays one charge of its owner, before it expires', () => {
  const shop = { account: 'project-a' };
  const request = (token: string, idempotencyKey: string, owner: CardTokenOwner | null = shop) => ({
    token,
    amount: '20',
    currency: 'usd',
    idempotencyKey,
    ...(owner && { owner }),
  });

  it('knows a token only for the account and the customer it was made for, as if it did not exist', async () => {
    const { processor, vault } = setup();
    const token = rightOf(await vault.tokenizeCard(VISA, { account: 'project-a', customer: 'alice' })).token;
    const unknown = leftOf(await processor.charge(request('tok_nope', 'k0')));
    for (const owner of [{ account: 'project-b' }, { account: 'project-b', customer: 'alice' }, null]) {
      expect(leftOf(await processor.charge(request(token, 'k1', owner)))).toEqual(unknown);
    }
    expect(leftOf(await processor.charge(request(token, 'k1', { ...shop, customer: 'bob' })))).toEqual(unknown);
    expect(unknown).toMatchObject({ kind: 'invalid', code: 'card_token_invalid' });
    // The project's own request, acting for the same customer or for none, charges it.
    expect(rightOf(await processor.charge(request(token, 'k1', shop))).status).toBe('succeeded');
  });

  it('refuses a second charge with card_token_used; a repeat of the first charge answers it', async () => {
    const { processor, vault } = setup();
    const token = rightOf(await vault.tokenizeCard(VISA, shop)).token;
    const first = rightOf(await processor.charge(request(token, 'order-1')));
    expect(rightOf(await processor.charge(request(token, 'order-1')))).toEqual(first);
    expect(leftOf(await processor.charge(request(token, 'order-2')))).toMatchObject({
      kind: 'invalid',
      code: 'card_token_used',
    });
  });

  it('makes one charge of two at once with one token', async () => {
    const { processor, vault } = setup();
    const token = rightOf(await vault.tokenizeCard(VISA, shop)).token;
    const answers = await Promise.all(['a', 'b', 'c'].map((key) => processor.charge(request(token, key))));
    expect(answers.filter(E.isRight)).toHaveLength(1);
    expect(answers.filter(E.isLeft).map((answer) => leftOf(answer).code)).toEqual([
      'card_token_used',
      'card_token_used',
    ]);
  });

  it('expires the token after its lifetime (15 minutes); a claim made before still holds for its charge', async () => {
    const { clock, processor, vault } = setup();
    const token = rightOf(await vault.tokenizeCard(VISA, shop));
    expect(token.expiresAt).toBe('2026-03-15T12:15:00.000Z');
    const claimed = rightOf(await vault.tokenizeCard(VISA, shop)).token;
    rightOf(await vault.use(claimed, shop, 'ch_interrupted'));
    clock.set(token.expiresAt);
    expect(leftOf(await processor.charge(request(token.token, 'late')))).toMatchObject({
      kind: 'invalid',
      code: 'card_token_expired',
    });
    expect(rightOf(await vault.use(claimed, shop, 'ch_interrupted')).last4).toBe('4242');
    expect(leftOf(await vault.use(claimed, shop, 'ch_other')).code).toBe('card_token_used');
  });
});
