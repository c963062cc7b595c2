import type { KycOutcome, KycStanding } from '@paykit/orders';
import type { KycStanding as IdentityStanding } from '../../users/identity-verification.service.js';

/** The user's identity check as the order decider counts it. */
export const orderKycStanding = (identity: IdentityStanding): KycStanding => {
  switch (identity.status) {
    case 'approved':
      return 'verified';
    case 'declined':
      return 'rejected';
    case 'needs-review':
      return 'pending-review';
    default:
      return 'unverified';
  }
};

/** The outcome to record on an order once the user's check has moved (null while it waits for the person). */
export const kycOutcomeOf = (identity: IdentityStanding): KycOutcome | null => {
  switch (identity.status) {
    case 'approved':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'needs-review':
      return 'needs-review';
    default:
      return null;
  }
};
