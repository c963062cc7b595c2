import { ConfigError, loadConfig } from '../src/config/config.js';
import { kycProviderSettingsOf } from '../src/config/kyc-provider-config.js';

const stripeIdentity = {
  KYC_PROVIDER: 'stripe-identity',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_IDENTITY_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_IDENTITY_WEBHOOK_SECRET: 'whsec_identity123',
};

// The card issuer is a party of its own (ADR 0226): named here, so only the KYC provider's problems show.
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    kycProviderSettingsOf(loadConfig({ CARD_ISSUER: 'sandbox', ...env }));
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('the KYC provider of a configuration (ADR 0910)', () => {
  it('is the sandbox in staging unless Stripe Identity is named', () => {
    expect(kycProviderSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(kycProviderSettingsOf(loadConfig({ ...stripeIdentity, STRIPE_SECRET_KEY: 'sk_test_abc' }))).toEqual({
      kind: 'stripe-identity',
      publishableKey: 'pk_live_abc123',
      webhookSecret: 'whsec_identity123',
      stripe: { secretKey: 'sk_test_abc', apiBase: 'https://api.stripe.com', timeoutMs: 20_000, maxNetworkRetries: 2 },
    });
  });

  it('has no default in production: a production without one never starts, naming KYC_PROVIDER', () => {
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      expect.stringMatching(/^KYC_PROVIDER: required when APP_ENV=production: stripe-identity/),
    ]);
    expect(problemsOf({ APP_ENV: 'production', ...stripeIdentity })).toEqual([]);
    expect(problemsOf({ APP_ENV: 'production', KYC_PROVIDER: 'sandbox' })).toEqual([]);
  });

  it('names every Stripe Identity setting that is missing, and test keys or plain http in production', () => {
    expect(problemsOf({ KYC_PROVIDER: 'stripe-identity' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_IDENTITY_PUBLISHABLE_KEY',
      'STRIPE_IDENTITY_WEBHOOK_SECRET',
    ]);
    expect(
      problemsOf({
        ...stripeIdentity,
        APP_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_IDENTITY_PUBLISHABLE_KEY: 'pk_test_abc',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production',
      'STRIPE_API_BASE: must be https when APP_ENV=production',
      'STRIPE_IDENTITY_PUBLISHABLE_KEY: must be a live key (pk_live_...) when APP_ENV=production',
    ]);
  });

  it('refuses a webhook secret that is not one without showing it', () => {
    expect(() => loadConfig({ STRIPE_IDENTITY_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /STRIPE_IDENTITY_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    expect(() => loadConfig({ STRIPE_IDENTITY_WEBHOOK_SECRET: 'hunter2' })).not.toThrow(/hunter2/);
  });
});
