import { withoutProductionAdapter } from './production-party.js';

/** Token prices for quotes (issue 31 item 5). */
export const pricingParty = withoutProductionAdapter('pricing', 'token prices');
