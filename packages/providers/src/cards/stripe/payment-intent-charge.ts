import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { providerInvalidResponse, providerUnavailable } from '../../faults/provider-errors.js';
import type { CardBrand } from '../card-number.js';
import type { Charge, ChargeFacts, DeclineCode } from '../card-processor-port.js';
import { declinedCharge } from '../declines.js';
import { fromMinorUnits } from './minor-units.js';
import { type Json, field, isJson, text } from './stripe-json.js';

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];

/** Stripe's card brands that are ours; the others (diners, jcb, unionpay, ...) are `unknown`. */
const brandOf = (brand: string | undefined): CardBrand => BRANDS.find((known) => known === brand) ?? 'unknown';

/**
 * The card's display details, from the payment method when Stripe expanded it (our create and
 * retrieve ask for that) or from the failure that carries it; a webhook's intent names its payment
 * method by id only, so there the card is not known.
 */
const cardOf = (intent: Json): ChargeFacts['card'] => {
  const card =
    field(field(intent, 'payment_method'), 'card') ??
    field(field(field(intent, 'last_payment_error'), 'payment_method'), 'card');
  const last4 = text(card, 'last4');
  return { brand: brandOf(text(card, 'brand')), last4: last4 ?? '' };
};

/** Why Stripe's issuer said no, as our decline codes; a failed 3-D Secure is `authentication_failed`. */
export const declineCodeOf = (failure: unknown): DeclineCode => {
  const code = text(failure, 'code');
  const declineCode = text(failure, 'decline_code');
  if (code === 'payment_intent_authentication_failure') return 'authentication_failed';
  if (declineCode === 'insufficient_funds') return 'insufficient_funds';
  if (code === 'expired_card' || declineCode === 'expired_card') return 'expired_card';
  return 'card_declined';
};

const isWebUrl = (value: string | undefined): value is string => value !== undefined && /^https?:\/\/\S+$/.test(value);

/**
 * Where the cardholder completes 3-D Secure: Stripe's redirect (we confirm with a return_url), or
 * the page Stripe.js would open for `use_stripe_sdk` when Stripe names one.
 */
const verificationUrlOf = (nextAction: unknown): string | undefined => {
  const url =
    text(nextAction, 'type') === 'redirect_to_url'
      ? text(field(nextAction, 'redirect_to_url'), 'url')
      : text(field(nextAction, 'use_stripe_sdk'), 'stripe_js');
  return isWebUrl(url) ? url : undefined;
};

const invalidIntent = (what: string): E.Either<DomainError, Charge> =>
  E.left(providerInvalidResponse('cards', `The card processor answered a payment intent ${what}`));

/**
 * A PaymentIntent as our charge: `succeeded`; `requires_action` is the verification step;
 * `requires_payment_method` after a failure, or `canceled`, is a decline; `processing` is not
 * decided yet (`unavailable`: read it again later). An answer without the fields we read is
 * `upstream_invalid`.
 */
export const chargeOf = (intent: unknown): E.Either<DomainError, Charge> => {
  if (!isJson(intent)) return invalidIntent('that is not an object');
  const { id, status, amount, currency, created } = intent;
  if (typeof id !== 'string' || typeof status !== 'string' || typeof currency !== 'string') {
    return invalidIntent('without id, status or currency');
  }
  if (!Number.isInteger(amount) || typeof created !== 'number') return invalidIntent('without amount or created');
  const facts: ChargeFacts = {
    chargeId: id,
    amount: fromMinorUnits(amount as number, currency.toLowerCase()),
    card: cardOf(intent),
    createdAt: new Date(created * 1000).toISOString(),
  };
  switch (status) {
    case 'succeeded':
      return E.right({ ...facts, status: 'succeeded' });
    case 'requires_action': {
      const url = verificationUrlOf(intent['next_action']);
      if (url === undefined) return invalidIntent('that requires an action without a page for the cardholder');
      return E.right({ ...facts, status: 'requires-verification', verification: { id, type: '3ds', url } });
    }
    case 'requires_payment_method':
      if (!isJson(intent['last_payment_error'])) return invalidIntent('awaiting a payment method without a failure');
      return E.right(declinedCharge(facts, declineCodeOf(intent['last_payment_error'])));
    case 'canceled':
      return E.right(declinedCharge(facts, 'card_declined'));
    case 'processing':
      return E.left(providerUnavailable('cards', 'The card processor is still processing this payment'));
    default:
      return invalidIntent(`in status ${status}, which a confirmed card payment never has`);
  }
};

/** Our references, kept in the intent's metadata (the account: which project charged, for reconciliation). */
export const METADATA = {
  reference: 'paykit_reference',
  idempotencyKey: 'paykit_idempotency_key',
  account: 'paykit_account',
} as const;

export const metadataOf = (intent: unknown): { reference?: string; idempotencyKey?: string } => {
  const metadata = field(intent, 'metadata');
  const reference = text(metadata, METADATA.reference);
  const idempotencyKey = text(metadata, METADATA.idempotencyKey);
  return { ...(reference !== undefined && { reference }), ...(idempotencyKey !== undefined && { idempotencyKey }) };
};
