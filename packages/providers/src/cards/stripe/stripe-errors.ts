import * as E from 'fp-ts/lib/Either.js';
import Stripe from 'stripe';
import { conflict, domainError, invalid, type DomainError } from '@paykit/kernel';
import {
  type ProviderName,
  providerInvalidResponse,
  providerTimeout,
  providerUnavailable,
} from '../../faults/provider-errors.js';
import type { Charge } from '../card-processor-port.js';
import { chargeOf } from './payment-intent-charge.js';

const { errors } = Stripe;

export type StripeInvalidRequest = InstanceType<typeof Stripe.errors.StripeInvalidRequestError>;

/**
 * What a Stripe SDK error means for one of our parties, a card error aside (each party reads it
 * its own way). Timeouts and connection errors (after the SDK's own retries), 5xx, rate limits
 * and refused credentials are `unavailable` (503: the request may be retried with the same key);
 * an answer that is not JSON is `upstream_invalid` (502); a refused request is `refusalOf`'s.
 * Anything that is not a Stripe error is a bug of ours and is thrown on.
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

/** A request Stripe refused, by its error code and the param it names. */
const refusalOf = (error: StripeInvalidRequest): DomainError => {
  if (error.code === 'resource_missing' && error.param === 'payment_method') {
    return invalid('card_token_invalid', 'the card token is not known to the processor');
  }
  if (error.code === 'resource_missing') return domainError('not_found', 'charge_not_found', 'no charge has this id');
  if (error.code === 'charge_already_refunded' || error.code === 'amount_too_large') {
    return conflict('refund_exceeds_charge', error.message);
  }
  return invalid('card_processor_refused', error.message, { ...(error.param && { param: error.param }) });
};

/**
 * What a Stripe SDK error means for a charge. A card error is an answer: the decline, read from
 * the payment intent Stripe sends with it; the rest is `stripeFailureOf`'s.
 */
export const fromStripeError = (error: unknown): E.Either<DomainError, Charge> => {
  if (error instanceof errors.StripeCardError) {
    if (error.payment_intent === undefined) {
      return E.left(providerInvalidResponse('cards', 'The card processor declined without naming the payment'));
    }
    const intent = error.payment_intent as unknown as Record<string, unknown>;
    const failure = intent['last_payment_error'] ?? { code: error.code, decline_code: error.decline_code };
    return chargeOf({ ...intent, last_payment_error: failure });
  }
  return E.left(stripeFailureOf(error, 'cards', refusalOf));
};
