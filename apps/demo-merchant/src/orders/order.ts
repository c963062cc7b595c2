export type Channel = 'agentic_checkout' | 'web';

export interface OrderLine {
  readonly sku: string;
  readonly name: string;
  readonly size?: string;
  readonly quantity: number;
  /** Minor units, as charged. */
  readonly unitAmount: number;
  readonly amount: number;
}

/** Every amount in minor units (US cents). */
export interface OrderTotals {
  readonly itemsBase: number;
  readonly discount: number;
  readonly subtotal: number;
  readonly fulfillment: number;
  readonly tax: number;
  readonly total: number;
}

export interface Buyer {
  readonly name: string;
  readonly email: string;
  readonly phone?: string;
}

export interface ShippingAddress {
  readonly name: string;
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly state?: string;
  readonly postalCode: string;
  readonly country: string;
}

export interface Order {
  /** The merchant order number, `DM-` and six digits. */
  readonly number: string;
  readonly channel: Channel;
  readonly checkoutSessionId?: string;
  readonly createdAt: string;
  readonly currency: string;
  readonly lines: readonly OrderLine[];
  readonly totals: OrderTotals;
  readonly buyer: Buyer;
  /** The shop account that was logged in when a web order was placed. */
  readonly account?: string;
  readonly shippingAddress: ShippingAddress;
  readonly shippingOption: string;
  readonly paymentId: string;
}

/** Every authorisation the shop asked for, approved or not: what tests check "nothing charged" against. */
export interface PaymentAttempt {
  readonly channel: Channel;
  /** The checkout session id or web cart the attempt paid for. */
  readonly reference: string;
  readonly amount: number;
  readonly currency: string;
  readonly method: 'token' | 'card';
  readonly outcome: 'approved' | 'declined' | 'invalid';
  readonly paymentId?: string;
  readonly at: string;
}
