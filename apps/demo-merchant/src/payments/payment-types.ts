/**
 * How a shopper pays: a token from a card vault (agentic checkout) or a card typed into the web
 * form (with its expiry and security code; a delegated card number may come without them).
 */
export type PaymentMethod =
  | { readonly kind: 'token'; readonly token: string; readonly provider: string }
  | {
      readonly kind: 'card';
      readonly number: string;
      readonly expMonth?: number;
      readonly expYear?: number;
      readonly cvc?: string;
    };

export interface PaymentRequest {
  readonly method: PaymentMethod;
  /** Minor units. */
  readonly amount: number;
  readonly currency: string;
  /** The merchant order number the charge is for. */
  readonly reference: string;
}

export type PaymentResult =
  | { readonly outcome: 'approved'; readonly paymentId: string }
  | { readonly outcome: 'declined'; readonly message: string }
  /** The payment data itself is unusable (not a declined card): the client sent something wrong. */
  | { readonly outcome: 'invalid'; readonly message: string };

/** The merchant's payment processor. Replaceable so a real card vault can pay the shop. */
export interface PaymentGateway {
  authorize(request: PaymentRequest): Promise<PaymentResult>;
}
