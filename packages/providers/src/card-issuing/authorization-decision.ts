import { Decimal, type Money } from '@paykit/kernel';
import type { CardDeclineCode, CardMerchant, IssuedCardStatus, SpendingControls } from './card-issuing-port.js';
import { merchantMatches } from './merchant-origin.js';

/**
 * What a card network asks the issuer: may this card pay `amount` at `merchant`? The network has
 * compared the details the shop sent with the card's (Stripe: `verification_data.cvc_check`,
 * `expiry_check`).
 */
export interface AuthorizationAsk {
  readonly amount: Money;
  readonly merchant: CardMerchant;
  readonly cvcCheck: 'match' | 'mismatch';
  readonly expiryCheck: 'match' | 'mismatch';
}

/** What the decision reads of the card: its controls, and what it has approved so far. */
export interface CardUnderDecision {
  readonly status: IssuedCardStatus;
  readonly controls: SpendingControls;
  readonly approvals: number;
  /** The sum of the amounts approved so far, in the cap's currency. */
  readonly approvedTotal: string;
}

export type AuthorizationDecision =
  { readonly approved: true } | { readonly approved: false; readonly declineCode: CardDeclineCode };

const decline = (declineCode: CardDeclineCode): AuthorizationDecision => ({ approved: false, declineCode });

/**
 * The issuer's answer, the same for the sandbox and for a production issuer's real-time decision
 * (Stripe's `issuing_authorization.request`): only an open card within its lifetime, with the
 * right details, not yet used, in its currency, at the merchant it is locked to, within its cap.
 * The card's state comes first, then the details, then the controls, so a closed card says so
 * whatever else is asked of it.
 */
export const decideAuthorization = (
  card: CardUnderDecision,
  ask: AuthorizationAsk,
  now: Date,
): AuthorizationDecision => {
  const { controls } = card;
  if (card.status === 'closed') return decline('card_closed');
  if (now.getTime() >= Date.parse(controls.expiresAt) || ask.expiryCheck === 'mismatch') return decline('card_expired');
  if (ask.cvcCheck === 'mismatch') return decline('incorrect_cvc');
  if (card.approvals >= controls.maxApprovals) return decline('already_authorized');
  if (ask.amount.currency.toUpperCase() !== controls.cap.currency.toUpperCase()) return decline('currency_mismatch');
  if (!merchantMatches(ask.merchant, controls.merchantOrigin)) return decline('merchant_mismatch');
  const amount = new Decimal(ask.amount.amount);
  const cap = new Decimal(controls.cap.amount);
  if (amount.gt(cap) || amount.add(card.approvedTotal).gt(cap)) return decline('over_cap');
  return { approved: true };
};
