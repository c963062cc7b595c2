import type { ProductionParty } from './production-party.js';

/** What serves a main-network chain without an adapter: never the sandbox ledger in production. */
export const chainFallbackParty: ProductionParty = {
  name: 'chain fallback',
  problems: (config) =>
    config.CHAIN_PRODUCTION_FALLBACK === 'sandbox'
      ? ['CHAIN_PRODUCTION_FALLBACK: must not be sandbox: it serves main-network chains from the sandbox ledger']
      : [],
  example: {},
};
