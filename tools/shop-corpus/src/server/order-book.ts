export interface OrderLine {
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
  readonly unitCents: number;
}

export interface PlacedOrder {
  readonly number: string;
  readonly email: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  readonly currency: string;
}

export interface PaymentAttempt {
  readonly email: string;
  readonly amountCents: number;
  readonly currency: string;
  readonly outcome: 'approved' | 'declined';
}

export interface OrderBookOptions {
  readonly currency: string;
  /** The shop's order number for its n-th order (1-based). */
  readonly numberFor: (n: number) => string;
  /** The shop's processor declines every payment (a problem shop). */
  readonly declineAll?: boolean;
}

export interface Checkout {
  readonly email: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  /** The payment token the form sent; an empty one is no payment at all. */
  readonly token: string;
}

/** Orders and payment attempts of one shop, for the runs' checks (what was bought, what was charged). */
export class OrderBook {
  private readonly placed: PlacedOrder[] = [];
  private readonly tried: PaymentAttempt[] = [];

  constructor(private readonly options: OrderBookOptions) {}

  /** Charges the token and places the order: the order, `declined`, or `no_payment` when no token came. */
  pay(checkout: Checkout): PlacedOrder | 'declined' | 'no_payment' {
    if (checkout.token.trim() === '') return 'no_payment';
    const outcome = this.options.declineAll || checkout.token.includes('decline') ? 'declined' : 'approved';
    this.tried.push({
      email: checkout.email,
      amountCents: checkout.totalCents,
      currency: this.options.currency,
      outcome,
    });
    if (outcome === 'declined') return 'declined';
    const order: PlacedOrder = {
      number: this.options.numberFor(this.placed.length + 1),
      email: checkout.email,
      lines: checkout.lines,
      totalCents: checkout.totalCents,
      currency: this.options.currency,
    };
    this.placed.push(order);
    return order;
  }

  orders(): readonly PlacedOrder[] {
    return [...this.placed];
  }

  attempts(): readonly PaymentAttempt[] {
    return [...this.tried];
  }
}
