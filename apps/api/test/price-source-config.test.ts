import { ConfigError, loadConfig } from '../src/config/config.js';
import { priceSourceSettingsOf } from '../src/config/price-source-config.js';

// The card issuer is a party of its own (ADR 0226): named here, so only the price source's problems show.
const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    priceSourceSettingsOf(loadConfig({ CARD_ISSUER: 'sandbox', ...env }));
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

describe('the price source of a configuration (ADR 0912)', () => {
  it('is the sandbox in staging unless Coinbase is named, with a 30 s staleness limit by default', () => {
    expect(priceSourceSettingsOf(loadConfig({}))).toEqual({ kind: 'sandbox' });
    expect(priceSourceSettingsOf(loadConfig({ PRICE_SOURCE: 'coinbase', PRICE_MAX_AGE_MS: '10000' }))).toEqual({
      kind: 'coinbase',
      apiBase: 'https://api.coinbase.com',
      maxAgeMs: 10_000,
      timeoutMs: 5_000,
    });
  });

  it('has no default in production, and wants Coinbase over https there', () => {
    expect(problemsOf({ APP_ENV: 'production' })).toEqual([
      expect.stringMatching(/^PRICE_SOURCE: required when APP_ENV=production: coinbase/),
    ]);
    expect(problemsOf({ APP_ENV: 'production', PRICE_SOURCE: 'coinbase' })).toEqual([]);
    expect(
      problemsOf({ APP_ENV: 'production', PRICE_SOURCE: 'coinbase', COINBASE_API_BASE: 'http://127.0.0.1:1' }),
    ).toEqual(['COINBASE_API_BASE: must be https when APP_ENV=production']);
  });
});
