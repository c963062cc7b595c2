import type { AppConfig } from './config.js';

/**
 * What keeps production from Aptos's node adapter (docs/adr/0931), each naming its variable;
 * empty when configured. The production start-up check lists it as the `aptos` party.
 */
export const aptosNodeProblemsOf = (config: Pick<AppConfig, 'APTOS_NODE_URL'>): readonly string[] => {
  if (config.APTOS_NODE_URL === undefined)
    return ['APTOS_NODE_URL: no Aptos fullnode (https://.../v1 of a mainnet fullnode REST API)'];
  return config.APTOS_NODE_URL.startsWith('https://') ? [] : ['APTOS_NODE_URL: must be https when APP_ENV=production'];
};

/** A production configuration of the Aptos node adapter (a placeholder, never a real endpoint). */
export const APTOS_NODE_EXAMPLE: Readonly<Record<string, string>> = {
  APTOS_NODE_URL: 'https://aptos-mainnet.fullnode.example/v1',
};
