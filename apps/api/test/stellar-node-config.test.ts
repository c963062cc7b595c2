import { ConfigError, loadConfig } from '../src/config/config.js';
import { STELLAR_NODE_EXAMPLE, stellarNodeProblemsOf } from '../src/config/stellar-node-config.js';

describe('the Stellar Horizon configuration (STELLAR_HORIZON_URL)', () => {
  it('takes an http(s) URL, a timeout and a staging stablecoin asset, and refuses anything else naming the variable', () => {
    expect(loadConfig({})).toMatchObject({ STELLAR_HORIZON_TIMEOUT_MS: 10_000 });
    const issuer = 'GBBD47IF6LWK7P7MDEVSCWR7DPUWV3NY3DTQEVFL4NAT4AQH3ZLLFLA5';
    expect(
      loadConfig({
        STELLAR_HORIZON_URL: 'http://127.0.0.1:8000',
        STELLAR_HORIZON_TIMEOUT_MS: '2500',
        STELLAR_STABLECOIN_ASSET: `USDC:${issuer}`,
      }),
    ).toMatchObject({
      STELLAR_HORIZON_URL: 'http://127.0.0.1:8000',
      STELLAR_HORIZON_TIMEOUT_MS: 2500,
      STELLAR_STABLECOIN_ASSET: `USDC:${issuer}`,
    });
    expect(() => loadConfig({ STELLAR_HORIZON_URL: 'wss://horizon.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ STELLAR_HORIZON_URL: 'wss://horizon.example' })).toThrow(/STELLAR_HORIZON_URL/);
    expect(() => loadConfig({ STELLAR_HORIZON_TIMEOUT_MS: '0' })).toThrow(/STELLAR_HORIZON_TIMEOUT_MS/);
    expect(() => loadConfig({ STELLAR_STABLECOIN_ASSET: 'USDC' })).toThrow(/STELLAR_STABLECOIN_ASSET/);
  });

  it('is what production lacks without a Horizon server, or with one over plain http', () => {
    expect(stellarNodeProblemsOf(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }))).toEqual([
      expect.stringMatching(/^STELLAR_HORIZON_URL: no Horizon server/),
    ]);
    expect(stellarNodeProblemsOf({ STELLAR_HORIZON_URL: 'http://horizon.internal:8000' })).toEqual([
      'STELLAR_HORIZON_URL: must be https when APP_ENV=production',
    ]);
    expect(stellarNodeProblemsOf(loadConfig(STELLAR_NODE_EXAMPLE))).toEqual([]);
  });
});
