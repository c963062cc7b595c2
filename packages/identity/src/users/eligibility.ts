import type { DocumentType } from '../documents/document-types.js';
import type { VerificationStatus } from './events.js';
import type { DataItem } from './user-details.js';

export type EligibilityType = 'onramp' | 'offramp';
export type EligibilityStatus = 'requires-data' | 'pending-review' | 'verified' | 'rejected';

export interface Eligibility {
  readonly type: EligibilityType;
  readonly status: EligibilityStatus;
  readonly missingData?: DataItem[];
  readonly missingDocuments?: DocumentType[];
}

/** A document on record, by type and expiry day. */
export interface DocumentOnRecord {
  readonly documentType: DocumentType;
  readonly expiresAt: string;
}

interface Requirements {
  readonly data: readonly DataItem[];
  /** Beyond the proof of identity every type needs. */
  readonly documents: readonly DocumentType[];
}

/** Buying needs who the person is; cashing out also needs where they live and a phone. */
export const REQUIREMENTS: Readonly<Record<EligibilityType, Requirements>> = {
  onramp: { data: ['name', 'dateOfBirth', 'address', 'email'], documents: ['selfie-front'] },
  offramp: {
    data: ['name', 'dateOfBirth', 'address', 'email', 'phoneNumber'],
    documents: ['selfie-front', 'proof-of-address'],
  },
};

/**
 * The proof of identity: a passport, a residency permit, or both sides of an identity card.
 * When none is complete, the missing side of a started identity card is asked for, else a passport.
 */
const missingProofOfIdentity = (held: ReadonlySet<DocumentType>): DocumentType[] => {
  if (held.has('id-passport') || held.has('id-residency-permit')) return [];
  const front = held.has('id-idcard-front');
  const back = held.has('id-idcard-back');
  if (front && back) return [];
  if (front) return ['id-idcard-back'];
  if (back) return ['id-idcard-front'];
  return ['id-passport'];
};

export interface EligibilityInput {
  readonly dataItems: readonly DataItem[];
  readonly documents: readonly DocumentOnRecord[];
  readonly verification: VerificationStatus | null;
  /** YYYY-MM-DD: documents that expired before this day do not count. */
  readonly today: string;
}

const missingFor = (type: EligibilityType, input: EligibilityInput) => {
  const held = new Set(
    input.documents.filter((document) => document.expiresAt >= input.today).map((document) => document.documentType),
  );
  const requirements = REQUIREMENTS[type];
  return {
    data: requirements.data.filter((item) => !input.dataItems.includes(item)),
    documents: [...missingProofOfIdentity(held), ...requirements.documents.filter((document) => !held.has(document))],
  };
};

const statusOf = (verification: VerificationStatus | null): EligibilityStatus => {
  switch (verification) {
    case 'declined':
      return 'rejected';
    case 'approved':
      return 'verified';
    case 'pending':
    case 'needs-review':
      return 'pending-review';
    case null:
      return 'requires-data';
  }
};

/**
 * Where a user stands for each kind of order. A rejection is final. Anything missing is
 * `requires-data` with what is missing; with nothing missing the status follows the identity
 * check, and before one has started it is still `requires-data` (the check itself is due).
 */
export const eligibilityOf = (input: EligibilityInput): Eligibility[] =>
  (['onramp', 'offramp'] as const).map((type) => {
    if (input.verification === 'declined') return { type, status: 'rejected' };
    const missing = missingFor(type, input);
    if (missing.data.length > 0 || missing.documents.length > 0) {
      return {
        type,
        status: 'requires-data',
        ...(missing.data.length > 0 && { missingData: missing.data }),
        ...(missing.documents.length > 0 && { missingDocuments: missing.documents }),
      };
    }
    return { type, status: statusOf(input.verification) };
  });

/** What must be on record before an identity check can start: everything onramp needs. */
export const missingBeforeVerification = (input: Omit<EligibilityInput, 'verification'>) =>
  missingFor('onramp', { ...input, verification: null });
