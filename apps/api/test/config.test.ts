import { createApp } from '../src/app.js';
import { cardIssuerSettingsOf } from '../src/config/card-issuer-config.js';
import { cardProcessorSettingsOf } from '../src/config/card-processor-config.js';
import { ConfigError, loadConfig } from '../src/config/config.js';

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: '.data',
      APP_ENV: 'staging',
      EVENT_STORE: 'sqlite',
      API_PREFIX: '/api',
      LOG_LEVEL: 'info',
      RATE_LIMIT_WRITES_PER_MIN: 120,
      RATE_LIMIT_READS_PER_MIN: 360,
    });
  });

  it('reads and coerces the variables it knows, ignoring the rest and empty ones', () => {
    const config = loadConfig({
      PORT: '8080',
      APP_ENV: 'production',
      CARD_ISSUER: 'sandbox',
      API_PREFIX: '',
      RATE_LIMIT_READS_PER_MIN: '0',
      HOME: '/root',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      APP_ENV: 'production',
      API_PREFIX: '/api',
      RATE_LIMIT_READS_PER_MIN: 0,
    });
    expect(config).not.toHaveProperty('HOME');
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_ENV: 'prod' })).toThrow(/APP_ENV="prod"/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty": must be a number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ API_PREFIX: 'api' })).toThrow(/API_PREFIX="api": must be a path such as \/api/);
    expect(() => loadConfig({ RATE_LIMIT_WRITES_PER_MIN: '-1' })).toThrow(/RATE_LIMIT_WRITES_PER_MIN/);
  });

  it('keeps the connection limits coherent (ADR 0309)', () => {
    expect(loadConfig({})).toMatchObject({
      HTTP_REQUEST_TIMEOUT_MS: 30_000,
      HTTP_HEADERS_TIMEOUT_MS: 10_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 72_000,
      HTTP_IDLE_TIMEOUT_MS: 60_000,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS=undefined: is 10000: must be at most HTTP_REQUEST_TIMEOUT_MS \(5000\)/,
    );
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: '30000' })).toThrow(/HTTP_IDLE_TIMEOUT_MS="30000": must exceed/);
  });

  it('gives staging the sandbox card issuer and refuses a production that names none', () => {
    expect(cardIssuerSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(() => cardIssuerSettingsOf(loadConfig({ APP_ENV: 'production' }))).toThrow(
      /CARD_ISSUER: no card issuer configured/,
    );
    expect(cardIssuerSettingsOf(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }))).toEqual({
      kind: 'sandbox',
    });
    expect(() => loadConfig({ CARD_ISSUER: 'visa' })).toThrow(/CARD_ISSUER="visa"/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ EVENT_STORE: 'postgres', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems.map((problem) => problem.split('=')[0])).toEqual([
        'EVENT_STORE',
        'LOG_LEVEL',
      ]);
    }
  });
});

describe('the card processor of a configuration (ADR 0900)', () => {
  const stripe = {
    CARD_PROCESSOR: 'stripe',
    STRIPE_SECRET_KEY: 'sk_live_abc123',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    STRIPE_RETURN_URL: 'https://shop.example/after-3ds',
  };
  // The card issuer is a party of its own (ADR 0226): named here, so only the processor's problems show.
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      cardProcessorSettingsOf(loadConfig({ CARD_ISSUER: 'sandbox', ...env }));
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  };

  it('is the sandbox in staging unless Stripe is named', () => {
    expect(cardProcessorSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(cardProcessorSettingsOf(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_test_abc' }))).toMatchObject({
      kind: 'stripe',
      apiBase: 'https://api.stripe.com',
      maxNetworkRetries: 2,
    });
  });

  it('has no default in production: a production without one never starts, naming CARD_PROCESSOR', async () => {
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      expect.stringMatching(/^CARD_PROCESSOR: required when APP_ENV=production/),
    ]);
    expect(problemsOf({ APP_ENV: 'production', ...stripe })).toEqual([]);
    expect(problemsOf({ APP_ENV: 'production', CARD_PROCESSOR: 'sandbox' })).toEqual([]);
    await expect(
      createApp({ env: { APP_ENV: 'production', CARD_ISSUER: 'sandbox', PORT: 0, LOG_LEVEL: 'silent' } }),
    ).rejects.toThrow(/CARD_PROCESSOR: required when APP_ENV=production/);
  });

  it('names every Stripe setting that is missing, and a test key or plain http in production', () => {
    expect(problemsOf({ CARD_PROCESSOR: 'stripe' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_RETURN_URL',
    ]);
    expect(
      problemsOf({
        ...stripe,
        APP_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_API_BASE: 'http://localhost:12111',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production',
      'STRIPE_API_BASE: must be https when APP_ENV=production',
    ]);
  });

  it('never repeats a secret it refuses', () => {
    try {
      loadConfig({ STRIPE_SECRET_KEY: 'pk_live_publishable-oops', STRIPE_WEBHOOK_SECRET: 'not-a-whsec' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        expect.stringMatching(/^STRIPE_SECRET_KEY: must be a Stripe secret key/),
        expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/),
      ]);
      expect((error as Error).message).not.toMatch(/oops|not-a-whsec/);
    }
  });
});

describe('the card issuer settings (docs/adr/0901)', () => {
  const billing = JSON.stringify({ line1: '1 Main St', city: 'San Francisco', postal_code: '94107', country: 'US' });
  const problemsOf = (env: Record<string, string>): readonly string[] => {
    try {
      cardIssuerSettingsOf(loadConfig(env));
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems;
    }
  };

  it('is the sandbox by default in staging, and Stripe Issuing with its key, endpoint secret and billing address', () => {
    expect(cardIssuerSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(
      cardIssuerSettingsOf(
        loadConfig({
          CARD_ISSUER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_abc',
          STRIPE_ISSUING_WEBHOOK_SECRET: 'whsec_abc',
          STRIPE_ISSUING_BILLING_ADDRESS: billing,
        }),
      ),
    ).toMatchObject({ kind: 'stripe', webhookSecret: 'whsec_abc', billing: { city: 'San Francisco', country: 'US' } });
  });

  it('names every Stripe Issuing setting that is missing, and a test key or plain http in production', () => {
    expect(problemsOf({ CARD_ISSUER: 'stripe' }).map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_ISSUING_WEBHOOK_SECRET',
      'STRIPE_ISSUING_BILLING_ADDRESS',
    ]);
    expect(
      problemsOf({
        APP_ENV: 'production',
        CARD_ISSUER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_ISSUING_WEBHOOK_SECRET: 'whsec_abc',
        STRIPE_ISSUING_BILLING_ADDRESS: billing,
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY: must be a live key (sk_live_...) when APP_ENV=production',
      'STRIPE_API_BASE: must be https when APP_ENV=production',
    ]);
    expect(() => loadConfig({ STRIPE_ISSUING_BILLING_ADDRESS: '{"line1":"x"}' })).toThrow(
      /STRIPE_ISSUING_BILLING_ADDRESS/,
    );
  });
});
