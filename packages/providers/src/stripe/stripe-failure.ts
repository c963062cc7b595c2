import Stripe from 'stripe';
import type { DomainError } from '@paykit/kernel';
import {
  type ProviderName,
  providerInvalidResponse,
  providerTimeout,
  providerUnavailable,
} from '../faults/provider-errors.js';

const { errors } = Stripe;

/**
 * A Stripe SDK error that is Stripe's side failing rather than an answer: a timeout or lost
 * connection (after the SDK's retries), a 5xx, a rate limit or refused credentials are
 * `unavailable` (503, retry with the same key); an answer that is not JSON is `upstream_invalid`
 * (502). Undefined for an answer (a refusal, a card error) the caller reads itself.
 */
export const stripeOutageOf = (
  error: InstanceType<typeof Stripe.errors.StripeError>,
  party: ProviderName,
): DomainError | undefined => {
  if (error instanceof errors.StripeConnectionError) {
    return error.message.includes('timeout') ? providerTimeout(party) : providerUnavailable(party);
  }
  if (error instanceof errors.StripeAPIError && error.statusCode === undefined) return providerInvalidResponse(party);
  if (error instanceof errors.StripeAuthenticationError || error instanceof errors.StripePermissionError) {
    return providerUnavailable(party, `The ${party} provider refused this server’s credentials`);
  }
  if (error instanceof errors.StripeAPIError || error instanceof errors.StripeRateLimitError) {
    return providerUnavailable(party);
  }
  return undefined;
};

/** Runs a Stripe call; its outages become their DomainError, its refusals (a request or idempotency error) go to `refusal`, anything not Stripe's is thrown on. */
export const callStripe = async <T>(
  party: ProviderName,
  call: () => Promise<T>,
  refusal: (error: InstanceType<typeof Stripe.errors.StripeError>) => DomainError,
): Promise<{ readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: DomainError }> => {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    if (!(error instanceof errors.StripeError)) throw error;
    const outage = stripeOutageOf(error, party);
    if (outage) return { ok: false, error: outage };
    if (error instanceof errors.StripeInvalidRequestError || error instanceof errors.StripeIdempotencyError) {
      return { ok: false, error: refusal(error) };
    }
    return { ok: false, error: providerUnavailable(party) };
  }
};
