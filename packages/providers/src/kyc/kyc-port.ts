import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';

export interface StartInquiryInput {
  readonly userId: string;
  /** Ours, echoed back: an order id, say. */
  readonly referenceId?: string;
  readonly name?: string;
  readonly email?: string;
  /** Sandbox only: the outcome to produce (see `sandboxOutcomeOf`). Real providers ignore it. */
  readonly sandboxOutcome?: string;
}

/**
 * `pending` until the person completes the check; then the provider's decision.
 * The decisions have the names of the order's KYC outcomes.
 */
export type KycInquiryStatus = 'pending' | 'approved' | 'declined' | 'needs-review';

/** The spec's `payment.preparation.kyc`: what the client needs to open the provider's flow. */
export interface KycSession {
  readonly provider: string;
  readonly inquiryId: string;
  readonly sessionToken: string;
  readonly environmentId: string;
}

export interface KycInquiry extends KycSession {
  readonly userId: string;
  readonly referenceId?: string;
  readonly status: KycInquiryStatus;
  readonly createdAt: string;
  readonly decidedAt?: string;
}

/**
 * The identity-check provider. Errors: `invalid` for a bad request, not_found
 * `inquiry_not_found`, `unavailable` / `upstream_invalid` for its outages and bad answers.
 */
export interface KycProviderPort {
  /** Opens an identity check, or resumes the user's open one (pending or in review). */
  startInquiry(input: StartInquiryInput): Promise<E.Either<DomainError, KycInquiry>>;
  getInquiry(inquiryId: string): Promise<E.Either<DomainError, KycInquiry>>;
}
