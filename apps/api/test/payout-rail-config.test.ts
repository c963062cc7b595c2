import { ConfigError, loadConfig } from '../src/config/config.js';
import { payoutRailSettingsOf } from '../src/config/payout-rail-config.js';

const stripePayouts = {
  PAYOUT_RAIL: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PAYOUT_ACCOUNT: 'acct_1Payouts',
  STRIPE_PAYOUT_WEBHOOK_SECRET: 'whsec_payouts123',
};

// The card issuer is a party of its own (ADR 0226): named here, so only the payout rail's problems show.
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    payoutRailSettingsOf(loadConfig({ CARD_ISSUER: 'sandbox', ...env }));
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('the payout rail of a configuration (ADR 0911)', () => {
  it('is the sandbox in staging unless Stripe is named', () => {
    expect(payoutRailSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(payoutRailSettingsOf(loadConfig(stripePayouts))).toMatchObject({
      kind: 'stripe',
      account: 'acct_1Payouts',
      webhookSecret: 'whsec_payouts123',
      stripe: { secretKey: 'sk_live_abc123', apiBase: 'https://api.stripe.com' },
    });
  });

  it('has no default in production, and names every Stripe setting that is missing or unfit', () => {
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      expect.stringMatching(/^PAYOUT_RAIL: required when APP_ENV=production: stripe/),
    ]);
    expect(problemsOf({ APP_ENV: 'production', ...stripePayouts })).toEqual([]);
    expect(problemsOf({ PAYOUT_RAIL: 'stripe' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_PAYOUT_ACCOUNT',
      'STRIPE_PAYOUT_WEBHOOK_SECRET',
    ]);
    expect(problemsOf({ ...stripePayouts, APP_ENV: 'production', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([
      'STRIPE_API_BASE: must be https when APP_ENV=production',
    ]);
    expect(() => loadConfig({ STRIPE_PAYOUT_ACCOUNT: 'bank-1' })).toThrow(/STRIPE_PAYOUT_ACCOUNT.*acct_/);
  });
});
