import { ConfigError, loadConfig } from '../src/config/config.js';
import { SUI_NODE_EXAMPLE, suiNodeProblemsOf } from '../src/config/sui-node-config.js';

describe('the Sui node configuration (SUI_RPC_URL)', () => {
  it('takes an http(s) URL and a timeout, and refuses anything else naming the variable', () => {
    expect(loadConfig({})).toMatchObject({ SUI_RPC_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ SUI_RPC_URL: 'http://127.0.0.1:9000', SUI_RPC_TIMEOUT_MS: '2500' })).toMatchObject({
      SUI_RPC_URL: 'http://127.0.0.1:9000',
      SUI_RPC_TIMEOUT_MS: 2500,
    });
    expect(() => loadConfig({ SUI_RPC_URL: 'wss://node.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SUI_RPC_URL: 'wss://node.example' })).toThrow(/SUI_RPC_URL/);
    expect(() => loadConfig({ SUI_RPC_TIMEOUT_MS: '0' })).toThrow(/SUI_RPC_TIMEOUT_MS/);
  });

  it('is what production lacks without a fullnode, or with one over plain http', () => {
    expect(suiNodeProblemsOf(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }))).toEqual([
      expect.stringMatching(/^SUI_RPC_URL: no Sui fullnode/),
    ]);
    expect(suiNodeProblemsOf({ SUI_RPC_URL: 'http://sui.internal:9000' })).toEqual([
      'SUI_RPC_URL: must be https when APP_ENV=production',
    ]);
    expect(suiNodeProblemsOf(loadConfig(SUI_NODE_EXAMPLE))).toEqual([]);
  });
});
