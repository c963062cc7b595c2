/**
 * What a confirmed payment does, by PaymentMethod, as Stripe's own test mode answers its test
 * PaymentMethods (the `pm_card_*` ids Stripe's documentation lists for testing): the same ids
 * work against a Stripe test account.
 */
export type CardBehaviour =
  | { readonly kind: 'succeeds' }
  | { readonly kind: 'declined'; readonly code: string; readonly declineCode: string; readonly message: string }
  | { readonly kind: 'requires-authentication' };

export interface TestPaymentMethod {
  readonly brand: string;
  readonly last4: string;
  readonly behaviour: CardBehaviour;
}

const succeeds = { kind: 'succeeds' } as const;

const declined = (code: string, declineCode: string, message: string): CardBehaviour => ({
  kind: 'declined',
  code,
  declineCode,
  message,
});

export const TEST_PAYMENT_METHODS: Readonly<Record<string, TestPaymentMethod>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: succeeds },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: succeeds },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: succeeds },
  pm_card_visa_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    behaviour: declined('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_visa_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    behaviour: declined('expired_card', 'expired_card', 'Your card has expired.'),
  },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3155', behaviour: { kind: 'requires-authentication' } },
};

/** What Stripe records when the cardholder fails 3-D Secure: the intent needs a new payment method. */
export const AUTHENTICATION_FAILURE = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
} as const;
