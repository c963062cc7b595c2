import type { AppConfig } from './config.js';

/**
 * What keeps production from Stellar's Horizon adapter (docs/adr/0933), each naming its variable;
 * empty when configured. The production start-up check lists it as the `stellar` party.
 */
export const stellarNodeProblemsOf = (config: Pick<AppConfig, 'STELLAR_HORIZON_URL'>): readonly string[] => {
  if (config.STELLAR_HORIZON_URL === undefined)
    return ['STELLAR_HORIZON_URL: no Horizon server (https://... of a public-network Horizon)'];
  return config.STELLAR_HORIZON_URL.startsWith('https://')
    ? []
    : ['STELLAR_HORIZON_URL: must be https when APP_ENV=production'];
};

/** A production configuration of the Stellar Horizon adapter (a placeholder, never a real endpoint). */
export const STELLAR_NODE_EXAMPLE: Readonly<Record<string, string>> = {
  STELLAR_HORIZON_URL: 'https://horizon-mainnet.example',
};
