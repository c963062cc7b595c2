import { withoutProductionAdapter } from './production-party.js';

/** The solana main network (issue 31 item 6). */
export const solanaParty = withoutProductionAdapter('solana', 'the solana chain');
