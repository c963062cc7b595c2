import type { AppConfig } from './config.js';

/**
 * What keeps production from Solana's node adapter (docs/adr/0930), each naming its variable;
 * empty when configured. The production start-up check lists it as the `solana` party.
 */
export const solanaNodeProblemsOf = (config: Pick<AppConfig, 'SOLANA_RPC_URL'>): readonly string[] => {
  if (config.SOLANA_RPC_URL === undefined)
    return ['SOLANA_RPC_URL: no Solana node (https://... of a mainnet-beta JSON-RPC endpoint)'];
  return config.SOLANA_RPC_URL.startsWith('https://') ? [] : ['SOLANA_RPC_URL: must be https when APP_ENV=production'];
};

/** A production configuration of the Solana node adapter (a placeholder, never a real endpoint). */
export const SOLANA_NODE_EXAMPLE: Readonly<Record<string, string>> = {
  SOLANA_RPC_URL: 'https://solana-mainnet.rpc.example',
};
