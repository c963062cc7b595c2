/**
 * What an operator must act on:
 * - `unknown-memo`: money reached a deposit address and no order carries its memo;
 * - `amount-mismatch`: a payment (on chain or by card) differs from the order's quoted total;
 * - `payout-failed`: an offramp payout failed and the deposit was not refunded;
 * - `payout-not-settled`: an offramp payout sent longer ago than the settlement time;
 * - `paid-not-delivered`: paid, not refunded, and nothing delivered (an onramp delivery failed,
 *   or nothing was delivered within the settlement time);
 * - `delivered-twice`: a line item completed by two different deliveries;
 * - `card-authorization-unmatched`: the card issuer decided an authorization on a virtual card
 *   that no agent checkout run recorded (docs/adr/0226).
 */
export const RECONCILIATION_EXCEPTION_KINDS = [
  'unknown-memo',
  'amount-mismatch',
  'payout-failed',
  'payout-not-settled',
  'paid-not-delivered',
  'delivered-twice',
  'card-authorization-unmatched',
] as const;

export type ReconciliationExceptionKind = (typeof RECONCILIATION_EXCEPTION_KINDS)[number];
