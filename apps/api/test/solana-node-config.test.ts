import { ConfigError, loadConfig } from '../src/config/config.js';
import { SOLANA_NODE_EXAMPLE, solanaNodeProblemsOf } from '../src/config/solana-node-config.js';

describe('the Solana node configuration (SOLANA_RPC_URL)', () => {
  it('takes an http(s) URL and a timeout, and refuses anything else naming the variable', () => {
    expect(loadConfig({})).toMatchObject({ SOLANA_RPC_TIMEOUT_MS: 10_000 });
    expect(loadConfig({ SOLANA_RPC_URL: 'http://127.0.0.1:8899', SOLANA_RPC_TIMEOUT_MS: '2500' })).toMatchObject({
      SOLANA_RPC_URL: 'http://127.0.0.1:8899',
      SOLANA_RPC_TIMEOUT_MS: 2500,
    });
    expect(() => loadConfig({ SOLANA_RPC_URL: 'wss://node.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ SOLANA_RPC_URL: 'wss://node.example' })).toThrow(/SOLANA_RPC_URL/);
    expect(() => loadConfig({ SOLANA_RPC_TIMEOUT_MS: '0' })).toThrow(/SOLANA_RPC_TIMEOUT_MS/);
  });

  it('is what production lacks without a node, or with a node over plain http', () => {
    expect(solanaNodeProblemsOf(loadConfig({ APP_ENV: 'production', CARD_ISSUER: 'sandbox' }))).toEqual([
      expect.stringMatching(/^SOLANA_RPC_URL: no Solana node/),
    ]);
    expect(solanaNodeProblemsOf({ SOLANA_RPC_URL: 'http://solana.internal:8899' })).toEqual([
      'SOLANA_RPC_URL: must be https when APP_ENV=production',
    ]);
    expect(solanaNodeProblemsOf(loadConfig(SOLANA_NODE_EXAMPLE))).toEqual([]);
  });
});
