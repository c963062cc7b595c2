import type { DomainEvent } from '@paykit/kernel';
import type { DataItem, DetailsSection } from './user-details.js';

/** The identity provider's answer, in the KYC port's words. */
export type VerificationStatus = 'pending' | 'approved' | 'declined' | 'needs-review';

/** One section of the user's details as stored: sealed, with a keyed digest to spot repeats. */
export interface StoredSection {
  readonly sealed: string;
  readonly fingerprint: string;
  readonly dataItems: readonly DataItem[];
}

/**
 * Sections of the user's details were replaced. The details travel sealed (encrypted by the
 * API, bound to the stream): the event store keeps no readable personal data.
 */
export type UserDetailsUpdated = DomainEvent<
  'UserDetailsUpdated',
  {
    readonly userLocator: string;
    readonly sections: Partial<Record<DetailsSection, StoredSection>>;
    /** A keyed digest of name and birth date, when userDetails is among the sections. */
    readonly identityFingerprint?: string;
    /** The verification on record no longer matches the person described: it is voided. */
    readonly verificationVoided: boolean;
    readonly updatedAt: string;
  }
>;

export type IdentityVerificationStarted = DomainEvent<
  'IdentityVerificationStarted',
  {
    readonly userLocator: string;
    readonly provider: string;
    readonly inquiryId: string;
    readonly environmentId: string;
    readonly status: VerificationStatus;
    readonly startedAt: string;
  }
>;

export type IdentityVerificationStatusChanged = DomainEvent<
  'IdentityVerificationStatusChanged',
  {
    readonly userLocator: string;
    readonly inquiryId: string;
    readonly status: VerificationStatus;
    readonly changedAt: string;
  }
>;

export type UserEvent = UserDetailsUpdated | IdentityVerificationStarted | IdentityVerificationStatusChanged;
