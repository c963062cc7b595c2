import { withoutProductionAdapter } from './production-party.js';

/** Identity verification of orders over the no-KYC threshold (issue 31 item 3). */
export const kycParty = withoutProductionAdapter('kyc', 'identity verification (KYC)');
