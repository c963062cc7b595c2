import { APTOS_NODE_EXAMPLE, aptosNodeProblemsOf } from '../aptos-node-config.js';
import type { ProductionParty } from './production-party.js';

/** The aptos main network through a fullnode's REST API (APTOS_NODE_URL, @aptos-labs/ts-sdk; docs/adr/0931). */
export const aptosParty: ProductionParty = {
  name: 'aptos',
  problems: aptosNodeProblemsOf,
  example: APTOS_NODE_EXAMPLE,
};
