import type { AppConfig } from './config.js';

/**
 * What keeps production from Sui's node adapter (docs/adr/0932), each naming its variable;
 * empty when configured. The production start-up check lists it as the `sui` party.
 */
export const suiNodeProblemsOf = (config: Pick<AppConfig, 'SUI_RPC_URL'>): readonly string[] => {
  if (config.SUI_RPC_URL === undefined)
    return ['SUI_RPC_URL: no Sui fullnode (https://... of a mainnet JSON-RPC endpoint)'];
  return config.SUI_RPC_URL.startsWith('https://') ? [] : ['SUI_RPC_URL: must be https when APP_ENV=production'];
};

/** A production configuration of the Sui node adapter (a placeholder, never a real endpoint). */
export const SUI_NODE_EXAMPLE: Readonly<Record<string, string>> = {
  SUI_RPC_URL: 'https://sui-mainnet.rpc.example',
};
