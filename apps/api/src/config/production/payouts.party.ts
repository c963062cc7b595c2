import { withoutProductionAdapter } from './production-party.js';

/** The bank payout rail of offramp orders (issue 31 item 4). */
export const payoutsParty = withoutProductionAdapter('payouts', 'bank payouts');
