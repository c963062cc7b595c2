import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import { fromMinorUnits } from '../../cards/stripe/minor-units.js';
import type { AuthorizationAsk } from '../authorization-decision.js';
import type { CardAuthorization, CardDeclineCode, CardMerchant } from '../card-issuing-port.js';
import { field, integer, isJson, text } from '../../cards/stripe/stripe-json.js';

/**
 * Why Stripe declined, by the last `request_history[].reason`, as our codes (docs/adr/0901).
 * `webhook_declined` is our own decision, whose code we recorded; the reasons we have no code for
 * (its balance, its fraud checks, our answer too late) say the card could not be used then.
 */
const STRIPE_REASONS: Readonly<Record<string, CardDeclineCode>> = {
  spending_controls: 'over_cap',
  card_inactive: 'card_closed',
  cardholder_inactive: 'card_closed',
  account_disabled: 'card_closed',
};

const invalidAuthorization = (what: string): E.Either<DomainError, never> =>
  E.left(providerInvalidResponse('issuing', `The card issuer answered an authorization ${what}`));

/**
 * Who asks: `merchant_data.name` always, `merchant_data.url` where the network gives one (newer
 * API versions, 3-D Secure); without a url the decision compares the name (merchantMatches).
 */
export const merchantOf = (authorization: unknown): CardMerchant => {
  const merchant = field(authorization, 'merchant_data');
  return { name: text(merchant, 'name') ?? '', url: text(merchant, 'url') ?? '' };
};

/** What `issuing_authorization.request` asks: the merchant's amount in its currency, with the network's checks. */
export const askOf = (authorization: unknown): E.Either<DomainError, AuthorizationAsk & { cardId: string }> => {
  const pending = field(authorization, 'pending_request');
  const amount = integer(pending, 'merchant_amount');
  const currency = text(pending, 'merchant_currency');
  const cardId = text(field(authorization, 'card'), 'id');
  if (amount === undefined || !currency || !cardId) {
    return invalidAuthorization('request without its card, amount or currency');
  }
  const verification = field(authorization, 'verification_data');
  return E.right({
    cardId,
    amount: fromMinorUnits(amount, currency.toUpperCase()),
    merchant: merchantOf(authorization),
    // `not_provided` is no mismatch: Stripe compares what the shop sent, and a card form sends both.
    cvcCheck: text(verification, 'cvc_check') === 'mismatch' ? 'mismatch' : 'match',
    expiryCheck: text(verification, 'expiry_check') === 'mismatch' ? 'mismatch' : 'match',
  });
};

const declineCodeOf = (authorization: unknown, decided: CardDeclineCode | undefined): CardDeclineCode => {
  const history = field(authorization, 'request_history');
  const reason = Array.isArray(history) ? text(history.at(-1), 'reason') : undefined;
  if (reason === 'webhook_declined' && decided) return decided;
  if (reason === 'verification_failed') {
    const expiry = text(field(authorization, 'verification_data'), 'expiry_check');
    return expiry === 'mismatch' ? 'card_expired' : 'incorrect_cvc';
  }
  return (reason === undefined ? undefined : STRIPE_REASONS[reason]) ?? 'card_closed';
};

/**
 * Stripe's `issuing.authorization` as ours: approved or not, for the amount asked (the pending
 * request's while undecided, else the authorization's), with our own decline code where the
 * decline was ours (`decided`).
 */
export const cardAuthorizationOf = (
  authorization: unknown,
  decided?: CardDeclineCode,
): E.Either<DomainError, CardAuthorization> => {
  if (!isJson(authorization)) return invalidAuthorization('that is not an object');
  const id = text(authorization, 'id');
  const cardId = text(field(authorization, 'card'), 'id');
  const created = integer(authorization, 'created');
  const amount = integer(authorization, 'merchant_amount');
  const currency = text(authorization, 'merchant_currency');
  const approved = authorization['approved'];
  if (!id || !cardId || created === undefined || amount === undefined || !currency || typeof approved !== 'boolean') {
    return invalidAuthorization('without id, card, created, amount, currency or approved');
  }
  const history = field(authorization, 'request_history');
  const asked = Array.isArray(history) ? integer(history.at(-1), 'merchant_amount') : undefined;
  return E.right({
    authorizationId: id,
    cardId,
    amount: fromMinorUnits(approved ? amount : (asked ?? amount), currency.toUpperCase()),
    merchant: merchantOf(authorization),
    approved,
    ...(!approved && { declineCode: declineCodeOf(authorization, decided) }),
    createdAt: new Date(created * 1000).toISOString(),
  });
};
