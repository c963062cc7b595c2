import { ManualClock, seededIds } from '@paykit/kernel';
import { DelegatedTokens } from '../src/payments/delegated-tokens.js';

const clock = new ManualClock('2026-03-01T10:00:00.000Z');
const allowance = {
  reason: 'one_time' as const,
  maxAmount: 5000,
  currency: 'usd',
  checkoutSessionId: 'cs_1',
  merchantId: 'acct_1',
  expiresAt: new Date('2026-03-01T10:10:00.000Z'),
};
const charge = { checkoutSessionId: 'cs_1', merchantId: 'acct_1', amount: 5000, currency: 'USD' };

describe('a delegated token is usable only within its allowance', () => {
  const issue = () => {
    const tokens = new DelegatedTokens({ ids: seededIds('tokens'), clock });
    const { id } = tokens.issue({ kind: 'token', token: 'tok_1', provider: 'network_token' }, allowance);
    return { tokens, id };
  };

  it('up to max_amount, for its session and merchant, in its currency', () => {
    const { tokens, id } = issue();
    expect(tokens.redeem(id, charge)).toEqual({
      ok: true,
      method: { kind: 'token', token: 'tok_1', provider: 'network_token' },
    });
  });

  it.each([
    ['one cent more', { amount: 5001 }, 'The payment token allows at most 50.00 usd; the total is 50.01 usd.'],
    ['another session', { checkoutSessionId: 'cs_2' }, 'The payment token was issued for another checkout session.'],
    ['another merchant', { merchantId: 'acct_2' }, 'The payment token was issued for another merchant.'],
    ['another currency', { currency: 'EUR' }, 'The payment token allows payments in usd, not eur.'],
  ])('refuses %s', (_case, change, reason) => {
    const { tokens, id } = issue();
    expect(tokens.redeem(id, { ...charge, ...change })).toEqual({ ok: false, reason });
  });

  it('never at or after expires_at, and once only', () => {
    const { tokens, id } = issue();
    tokens.spend(id);
    expect(tokens.redeem(id, charge)).toEqual({
      ok: false,
      reason: 'This one-time payment token has already been used.',
    });
    const fresh = issue();
    const later = new DelegatedTokens({ ids: seededIds('later'), clock: new ManualClock('2026-03-01T10:10:00.000Z') });
    const { id: expiring } = later.issue({ kind: 'card', number: '4242424242424242' }, allowance);
    expect(later.redeem(expiring, charge)).toEqual({
      ok: false,
      reason: 'The payment token expired at 2026-03-01T10:10:00.000Z.',
    });
    expect(fresh.tokens.redeem('vt_unknown', charge)).toEqual({ ok: false, reason: 'Unknown payment token.' });
  });
});
