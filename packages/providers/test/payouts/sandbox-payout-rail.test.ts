import {
  SandboxBankAccountVault,
  SandboxFaults,
  SandboxPayoutRail,
  type CreatePayoutRequest,
} from '../../src/index.js';
import { clockAt, ids, KEY, leftOf, rightOf } from '../support.js';

const MINUTE = 60_000;

const setup = async (faults?: SandboxFaults) => {
  const clock = clockAt('2026-01-01T00:00:00Z');
  const vault = new SandboxBankAccountVault({ ids: ids('vault'), encryptionKey: KEY, ...(faults && { faults }) });
  const rail = new SandboxPayoutRail({
    vault,
    clock,
    sendDelayMs: MINUTE,
    settlementDelayMs: 30 * MINUTE,
    ...(faults && { faults }),
  });
  const accountEnding = async (suffix: string, currency = 'usd') =>
    rightOf(await vault.tokenizeBankAccount({ accountNumber: `98765${suffix}`, routingNumber: '110000000', currency }))
      .token;
  const payout = (token: string, overrides: Partial<CreatePayoutRequest> = {}) =>
    rail.createPayout({
      paymentMethodToken: token,
      amount: '247.50',
      currency: 'usd',
      reference: 'order-1',
      ...overrides,
    });
  return { clock, rail, vault, accountEnding, payout };
};

describe('SandboxPayoutRail: settlement over the clock', () => {
  it('goes pending -> sent -> settled after the configured delays', async () => {
    const { clock, rail, accountEnding, payout } = await setup();
    const created = rightOf(await payout(await accountEnding('6789')));
    expect(created).toEqual({
      payoutId: expect.stringMatching(/^po_/),
      status: 'pending',
      amount: { amount: '247.5', currency: 'usd' },
      reference: 'order-1',
      accountSuffix: '6789',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const statusAfter = async (milliseconds: number) => {
      clock.advance(milliseconds);
      return rightOf(await rail.getPayout(created.payoutId));
    };
    expect((await statusAfter(MINUTE - 1)).status).toBe('pending');
    expect(await statusAfter(1)).toMatchObject({ status: 'sent', sentAt: '2026-01-01T00:01:00.000Z' });
    expect((await statusAfter(30 * MINUTE - 1)).status).toBe('sent');
    expect(await statusAfter(1)).toMatchObject({ status: 'settled', settledAt: '2026-01-01T00:31:00.000Z' });
    expect((await statusAfter(24 * 60 * MINUTE)).status).toBe('settled');
  });

  it('is returned by the bank for an account ending in 0002 (account_closed)', async () => {
    const { clock, rail, accountEnding, payout } = await setup();
    const { payoutId } = rightOf(await payout(await accountEnding('0002')));
    clock.advance(10 * MINUTE);
    expect(rightOf(await rail.getPayout(payoutId)).status).toBe('sent');
    clock.advance(21 * MINUTE);
    expect(rightOf(await rail.getPayout(payoutId))).toMatchObject({
      status: 'failed',
      failedAt: '2026-01-01T00:31:00.000Z',
      failureReason: { code: 'account_closed' },
    });
  });

  it('never settles for an account ending in 0003', async () => {
    const { clock, rail, accountEnding, payout } = await setup();
    const { payoutId } = rightOf(await payout(await accountEnding('0003')));
    clock.advance(365 * 24 * 60 * MINUTE);
    expect(rightOf(await rail.getPayout(payoutId)).status).toBe('sent');
  });

  it('uses sensible delays when none are configured', async () => {
    const clock = clockAt();
    const vault = new SandboxBankAccountVault({ ids: ids('v'), encryptionKey: KEY });
    const rail = new SandboxPayoutRail({ vault, clock });
    const { token } = rightOf(
      await vault.tokenizeBankAccount({ accountNumber: '12345678', routingNumber: '110000000' }),
    );
    const { payoutId } = rightOf(
      await rail.createPayout({ paymentMethodToken: token, amount: '1', currency: 'usd', reference: 'r' }),
    );
    clock.advance(16 * MINUTE);
    expect(rightOf(await rail.getPayout(payoutId)).status).toBe('settled');
  });
});

describe('SandboxPayoutRail: idempotency', () => {
  it('returns the same payout for the same reference, as it stands now', async () => {
    const { clock, accountEnding, payout } = await setup();
    const token = await accountEnding('6789');
    const first = rightOf(await payout(token));
    clock.advance(2 * MINUTE);
    const again = rightOf(await payout(token, { amount: '247.5' }));
    expect([again.payoutId, again.status]).toEqual([first.payoutId, 'sent']);
  });

  it('keys on an explicit idempotency key when given, and refuses it reused otherwise', async () => {
    const { accountEnding, payout } = await setup();
    const token = await accountEnding('6789');
    const first = rightOf(await payout(token, { idempotencyKey: 'k1' }));
    const second = rightOf(await payout(token, { idempotencyKey: 'k2' }));
    expect(second.payoutId).not.toBe(first.payoutId);
    expect(leftOf(await payout(token, { idempotencyKey: 'k1', amount: '1' }))).toMatchObject({
      kind: 'conflict',
      code: 'idempotency_key_reused',
    });
  });
});

describe('SandboxPayoutRail: refusals and failures', () => {
  it('refuses unknown tokens, bad amounts, other currencies and empty references', async () => {
    const { accountEnding, payout } = await setup();
    const token = await accountEnding('6789');
    expect(leftOf(await payout('ba_unknown')).code).toBe('payment_method_token_invalid');
    expect(leftOf(await payout(token, { amount: '0' })).code).toBe('invalid_amount');
    expect(leftOf(await payout(token, { amount: '1.001' })).code).toBe('invalid_amount');
    expect(leftOf(await payout(token, { currency: 'eur' })).code).toBe('currency_mismatch');
    expect(leftOf(await payout(token, { currency: 'btc' })).code).toBe('currency_not_supported');
    expect(leftOf(await payout(token, { reference: ' ' })).code).toBe('invalid_reference');
  });

  it('pays an eur account in eur', async () => {
    const { accountEnding, payout } = await setup();
    const created = rightOf(await payout(await accountEnding('4321', 'eur'), { currency: 'eur' }));
    expect(created.amount).toEqual({ amount: '247.5', currency: 'eur' });
  });

  it('answers outages and malformed answers, and unknown payouts', async () => {
    const faults = new SandboxFaults();
    const { rail, accountEnding, payout } = await setup(faults);
    const token = await accountEnding('6789');
    faults.inject({ operation: 'payouts.createPayout', kind: 'unavailable', times: 1 });
    expect(leftOf(await payout(token)).kind).toBe('unavailable');
    const { payoutId } = rightOf(await payout(token));
    faults.inject({ operation: 'payouts.getPayout', kind: 'malformed', times: 1 });
    expect(leftOf(await rail.getPayout(payoutId)).kind).toBe('upstream_invalid');
    expect(leftOf(await rail.getPayout('po_nope'))).toMatchObject({ kind: 'not_found', code: 'payout_not_found' });
  });

  it('passes on the vault being unavailable rather than calling the token unknown', async () => {
    const faults = new SandboxFaults();
    const { accountEnding, payout } = await setup(faults);
    const token = await accountEnding('6789');
    faults.inject({ operation: 'payouts.describeBankAccount', kind: 'timeout', times: 1 });
    expect(leftOf(await payout(token)).code).toBe('provider_timeout');
  });
});
