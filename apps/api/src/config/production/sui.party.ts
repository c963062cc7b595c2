import { withoutProductionAdapter } from './production-party.js';

/** The sui main network (issue 31 item 6). */
export const suiParty = withoutProductionAdapter('sui', 'the sui chain');
