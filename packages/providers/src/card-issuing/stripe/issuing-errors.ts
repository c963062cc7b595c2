import { domainError, invalid, type DomainError } from '@paykit/kernel';
import { stripeFailureOf } from '../../stripe/stripe-failure.js';
import { cardNotFound } from '../issued-card-decider.js';

/** A Stripe SDK error as the issuer's: an unknown card is `card_not_found`, other refusals name Stripe's reason. */
export const issuingFailureOf = (error: unknown): DomainError =>
  stripeFailureOf(error, 'issuing', (refused) => {
    if (refused.code === 'resource_missing' && refused.param !== 'cardholder') return cardNotFound();
    if (refused.code === 'resource_missing') {
      return domainError('not_found', 'cardholder_not_found', 'the card issuer has no such cardholder');
    }
    return invalid('card_issuer_refused', refused.message, { ...(refused.param && { param: refused.param }) });
  });
