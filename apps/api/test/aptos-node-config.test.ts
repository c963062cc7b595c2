import { ConfigError, loadConfig } from '../src/config/config.js';
import { APTOS_NODE_EXAMPLE, aptosNodeProblemsOf } from '../src/config/aptos-node-config.js';

describe('the Aptos node configuration (APTOS_NODE_URL)', () => {
  it('takes an http(s) URL and a timeout, and refuses anything else naming the variable', () => {
    expect(loadConfig({})).toMatchObject({ APTOS_NODE_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ APTOS_NODE_URL: 'http://127.0.0.1:8080/v1', APTOS_NODE_TIMEOUT_MS: '2500' })).toMatchObject({
      APTOS_NODE_URL: 'http://127.0.0.1:8080/v1',
      APTOS_NODE_TIMEOUT_MS: 2500,
    });
    expect(() => loadConfig({ APTOS_NODE_URL: 'wss://node.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ APTOS_NODE_URL: 'wss://node.example' })).toThrow(/APTOS_NODE_URL/);
    expect(() => loadConfig({ APTOS_NODE_TIMEOUT_MS: '0' })).toThrow(/APTOS_NODE_TIMEOUT_MS/);
  });

  it('is what production lacks without a fullnode, or with one over plain http', () => {
    expect(aptosNodeProblemsOf(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }))).toEqual([
      expect.stringMatching(/^APTOS_NODE_URL: no Aptos fullnode/),
    ]);
    expect(aptosNodeProblemsOf({ APTOS_NODE_URL: 'http://aptos.internal:8080/v1' })).toEqual([
      'APTOS_NODE_URL: must be https when APP_ENV=production',
    ]);
    expect(aptosNodeProblemsOf(loadConfig(APTOS_NODE_EXAMPLE))).toEqual([]);
  });
});
