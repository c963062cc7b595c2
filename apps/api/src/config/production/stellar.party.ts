import { STELLAR_NODE_EXAMPLE, stellarNodeProblemsOf } from '../stellar-node-config.js';
import type { ProductionParty } from './production-party.js';

/** The stellar public network through a Horizon server (STELLAR_HORIZON_URL, @stellar/stellar-sdk; docs/adr/0933). */
export const stellarParty: ProductionParty = {
  name: 'stellar',
  problems: stellarNodeProblemsOf,
  example: STELLAR_NODE_EXAMPLE,
};
