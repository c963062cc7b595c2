import { SOLANA_NODE_EXAMPLE, solanaNodeProblemsOf } from '../solana-node-config.js';
import type { ProductionParty } from './production-party.js';

/** The solana main network through a node over JSON-RPC (SOLANA_RPC_URL, @solana/kit; docs/adr/0930). */
export const solanaParty: ProductionParty = {
  name: 'solana',
  problems: solanaNodeProblemsOf,
  example: SOLANA_NODE_EXAMPLE,
};
