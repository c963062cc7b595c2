import type { PaymentAllowance } from '../payment/allowance.js';
import type { PaymentToken } from '../strategy/strategy-port.js';

/** The Delegate Payment spec's request body (the same in every advertised version). */
export interface DelegatePaymentRequest {
  readonly payment_method: Record<string, unknown>;
  readonly allowance: {
    readonly reason: 'one_time';
    readonly max_amount: number;
    readonly currency: string;
    readonly checkout_session_id: string;
    readonly merchant_id: string;
    readonly expires_at: string;
  };
  readonly risk_signals: readonly {
    readonly type: 'card_testing';
    readonly score: number;
    readonly action: 'authorized';
  }[];
  readonly metadata: Readonly<Record<string, string>>;
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Delegates the run's card-vault token for one checkout session. The vault token stands in for
 * the card as a network token does (`card_number_type: network_token`): no card number ever
 * leaves the vault. The allowance caps what the merchant can charge at the run's maxCost.
 */
export const delegatePaymentRequest = (
  token: PaymentToken,
  allowance: PaymentAllowance,
  session: { readonly id: string; readonly merchantId: string },
): DelegatePaymentRequest => ({
  payment_method: {
    type: 'card',
    card_number_type: 'network_token',
    number: token.token,
    ...(token.card
      ? {
          exp_month: two(token.card.expMonth),
          exp_year: String(token.card.expYear),
          display_brand: token.card.brand,
          ...(/^\d{4}$/.test(token.card.last4) ? { display_last4: token.card.last4 } : {}),
        }
      : {}),
    // The vault does not say how a card is funded; credit is what a test card is.
    display_card_funding_type: 'credit',
    metadata: { vault: token.provider },
  },
  allowance: {
    reason: 'one_time',
    max_amount: allowance.maxAmountMinor,
    currency: allowance.maxAmount.currency.toLowerCase(),
    checkout_session_id: session.id,
    merchant_id: session.merchantId,
    expires_at: allowance.expiresAt.toISOString(),
  },
  // The platform has vetted the card it vaulted; it signals no card testing.
  risk_signals: [{ type: 'card_testing', score: 0, action: 'authorized' }],
  metadata: { checkout_session_id: session.id },
});
