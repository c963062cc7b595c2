import type { BlockedCode } from '@paykit/checkout-runs';

export interface PageProblem {
  readonly code: BlockedCode;
  readonly message: string;
}

const rules: readonly { readonly pattern: RegExp; readonly code: BlockedCode }[] = [
  {
    pattern:
      /\b(cannot|can't|can not|does not|doesn't|do not|don't|unable to|not available to)\b.{0,40}\b(ship|deliver)|\bno (shipping|delivery)\b|\b(shipping|delivery) (is )?(not available|unavailable)\b|\b(only|exclusively) (ship|deliver)s? (to|within|in)\b/i,
    code: 'merchant.fulfillment_unavailable',
  },
  {
    pattern:
      /\b(out of stock|sold out|no longer available|unavailable|only \d+ (of .{1,80} )?(left|in stock|available))\b/i,
    code: 'product.item_unavailable',
  },
  {
    pattern:
      /\b(declined|card was refused|payment (failed|was refused|was not (approved|authori[sz]ed))|insufficient funds)\b/i,
    code: 'merchant.payment_declined',
  },
];

/**
 * What an error message of a shop's page means for the run, by its wording ("cannot be shipped
 * to GB", "is out of stock", "Your card was declined."); null for messages of no known kind.
 */
export const problemOfMessage = (message: string): PageProblem | null => {
  const rule = rules.find(({ pattern }) => pattern.test(message));
  return rule ? { code: rule.code, message: message.trim() } : null;
};
