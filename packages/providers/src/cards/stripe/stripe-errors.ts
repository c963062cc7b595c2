import * as E from 'fp-ts/lib/Either.js';
import Stripe from 'stripe';
import { conflict, domainError, invalid, type DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import { type StripeInvalidRequest, stripeFailureOf } from '../../stripe/stripe-failure.js';
import type { Charge } from '../card-processor-port.js';
import { chargeOf } from './payment-intent-charge.js';

const { errors } = Stripe;

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
