import { withoutProductionAdapter } from './production-party.js';

/** The stellar main network (issue 31 item 6). */
export const stellarParty = withoutProductionAdapter('stellar', 'the stellar chain');
