import Stripe from 'stripe';
import { conflict, type DomainError } from '@paykit/kernel';
import {
  type ProviderName,
  providerInvalidResponse,
  providerTimeout,
  providerUnavailable,
} from '../faults/provider-errors.js';

const { errors } = Stripe;

export type StripeInvalidRequest = InstanceType<typeof Stripe.errors.StripeInvalidRequestError>;

/**
 * What a Stripe SDK error means for one of our parties (cards, issuing, kyc, payouts), a card
 * error aside (the card processor reads it itself). A reused idempotency key is a conflict; a
 * refused request is `refusalOf`'s. Timeouts and connection errors (after the SDK's own retries),
 * 5xx, rate limits and refused credentials are `unavailable` (503: the request may be retried with
 * the same key); an answer that is not JSON is `upstream_invalid` (502). Anything that is not a
 * Stripe error is a bug of ours and is thrown on.
 */
export const stripeFailureOf = (
  error: unknown,
  party: ProviderName,
  refusalOf: (error: StripeInvalidRequest) => DomainError,
): DomainError => {
  if (!(error instanceof errors.StripeError)) throw error;
  if (error instanceof errors.StripeIdempotencyError) {
    return conflict('idempotency_key_reused', 'this idempotency key was used before with different parameters');
  }
  if (error instanceof errors.StripeInvalidRequestError) return refusalOf(error);
  if (error instanceof errors.StripeConnectionError) {
    return error.message.includes('timeout') ? providerTimeout(party) : providerUnavailable(party);
  }
  if (error instanceof errors.StripeAPIError && error.statusCode === undefined) return providerInvalidResponse(party);
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    return providerUnavailable(party, `The ${party} provider refused this server’s credentials`);
  }
  return providerUnavailable(party);
};

/** Runs a Stripe call: its answer, or its error as `stripeFailureOf` reads it. */
export const callStripe = async <T>(
  party: ProviderName,
  call: () => Promise<T>,
  refusalOf: (error: StripeInvalidRequest) => DomainError,
): Promise<{ readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError }> => {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return { ok: false, error: stripeFailureOf(error, party, refusalOf) };
  }
};
