import { SUI_NODE_EXAMPLE, suiNodeProblemsOf } from '../sui-node-config.js';
import type { ProductionParty } from './production-party.js';

/** The sui main network through a fullnode over JSON-RPC (SUI_RPC_URL, @mysten/sui; docs/adr/0932). */
export const suiParty: ProductionParty = {
  name: 'sui',
  problems: suiNodeProblemsOf,
  example: SUI_NODE_EXAMPLE,
};
