import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import type { KycInquiry, KycInquiryStatus } from '../kyc-port.js';

export const STRIPE_IDENTITY_PROVIDER = 'stripe-identity';

/** Ours, in the session's metadata: whose check it is, and what it was opened for. */
export const USER_KEY = 'paykit_user';
export const REFERENCE_KEY = 'paykit_reference';

/** Failures no retry of the person fixes: the check is declined. Any other failure goes to a person (manual review). */
const FINAL_FAILURES = new Set(['consent_declined', 'under_supported_age', 'country_not_supported']);

const STATUSES = new Set(['requires_input', 'processing', 'verified', 'canceled']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Stripe's session status as our inquiry's (ADR 0910): `verified` is approved, `canceled`
 * declined; `requires_input` with a `last_error` is a failed attempt, declined when it is final
 * (consent declined, under age, country not supported), else manual review; without one it,
 * like `processing`, still waits.
 */
const statusOf = (status: string, lastError: unknown): KycInquiryStatus => {
  if (status === 'verified') return 'approved';
  if (status === 'canceled') return 'declined';
  const code = isRecord(lastError) ? lastError['code'] : undefined;
  if (status === 'requires_input' && typeof code === 'string') {
    return FINAL_FAILURES.has(code) ? 'declined' : 'needs-review';
  }
  return 'pending';
};

/** A Stripe `identity.verification_session` as our inquiry; `upstream_invalid` when it is not one. */
export const inquiryOf = (session: unknown, environmentId: string): E.Either<DomainError, KycInquiry> => {
  if (!isRecord(session)) return E.left(providerInvalidResponse('kyc'));
  const { id, status, created, metadata, client_secret: clientSecret, last_error: lastError } = session;
  const userId = isRecord(metadata) ? metadata[USER_KEY] : undefined;
  const referenceId = isRecord(metadata) ? metadata[REFERENCE_KEY] : undefined;
  if (
    session['object'] !== 'identity.verification_session' ||
    typeof id !== 'string' ||
    typeof status !== 'string' ||
    !STATUSES.has(status) ||
    typeof created !== 'number' ||
    typeof userId !== 'string'
  ) {
    return E.left(
      providerInvalidResponse('kyc', 'The KYC provider answered with something that is not a verification session'),
    );
  }
  return E.right({
    provider: STRIPE_IDENTITY_PROVIDER,
    inquiryId: id,
    // Stripe shows the client secret only while the session can still be completed.
    sessionToken: typeof clientSecret === 'string' ? clientSecret : '',
    environmentId,
    userId,
    ...(typeof referenceId === 'string' && { referenceId }),
    status: statusOf(status, lastError),
    createdAt: new Date(created * 1000).toISOString(),
  });
};
