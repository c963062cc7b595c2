import { withoutProductionAdapter } from './production-party.js';

/** The aptos main network (issue 31 item 6). */
export const aptosParty = withoutProductionAdapter('aptos', 'the aptos chain');
