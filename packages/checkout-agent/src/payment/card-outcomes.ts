import type { CardAuthorization, StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';

/** What the shop showed after the final click, when it showed no confirmation. */
export type UnconfirmedCardPayment =
  | { readonly shop: 'declined'; readonly message: string }
  | { readonly shop: 'no_confirmation'; readonly detail: string };

const money = (authorization: CardAuthorization) => `${authorization.amount.currency} ${authorization.amount.amount}`;

/**
 * How a virtual-card payment the shop did not confirm ends, from what the card's issuer saw
 * (docs/adr/0226): an approval is money that may have moved, whatever the page said
 * (`reconciliation_required`); the issuer's `over_cap` decline means the shop asked more than the
 * run declared (`policy.max_cost_exceeded`); a shop's decline the issuer did not approve is
 * `merchant.payment_declined`; no confirmation and nothing approved is still unknown money
 * (`reconciliation_required`), since an issuer's answer may be on its way.
 */
export const outcomeOfCardPayment = (
  authorizations: readonly CardAuthorization[],
  seen: UnconfirmedCardPayment,
): StrategyOutcome & { readonly nothingCharged: boolean } => {
  const approved = authorizations.find((authorization) => authorization.approved);
  if (approved) {
    return {
      kind: 'failed',
      reason: 'reconciliation_required',
      detail: `The card issuer approved ${money(approved)} at ${approved.merchant.name}, but the shop showed no confirmation; a person must check the order.`,
      nothingCharged: false,
    };
  }
  const overCap = authorizations.find((authorization) => authorization.declineCode === 'over_cap');
  if (overCap) {
    return {
      kind: 'blocked',
      code: 'policy.max_cost_exceeded',
      summary: `The shop asked ${money(overCap)}, more than the total the run declared; the card issuer declined it and nothing was bought.`,
      nothingCharged: true,
    };
  }
  if (seen.shop === 'declined') {
    return {
      kind: 'blocked',
      code: 'merchant.payment_declined',
      summary: `The shop declined the payment: ${seen.message.slice(0, 500)} Nothing was bought.`,
      nothingCharged: true,
    };
  }
  return { kind: 'failed', reason: 'reconciliation_required', detail: seen.detail, nothingCharged: false };
};

/**
 * The ending of a card payment the shop did not confirm, settled on the run: what the issuer saw
 * is read (and recorded), an attempt that took nothing is resolved (its card closed), and the
 * outcome is returned for the strategy to end with.
 */
export const settleUnconfirmedCardPayment = async (
  context: Pick<StrategyContext, 'cardAuthorizations' | 'paymentNotCharged'>,
  attemptId: string,
  seen: UnconfirmedCardPayment,
): Promise<StrategyOutcome> => {
  const { nothingCharged, ...outcome } = outcomeOfCardPayment(await context.cardAuthorizations(attemptId), seen);
  if (nothingCharged) await context.paymentNotCharged(attemptId);
  return outcome;
};
