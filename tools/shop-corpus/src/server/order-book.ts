import { type CardNetwork, type TypedCard, cardProblems, noCardNetwork } from './card-processor.js';

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
  /** The last four digits of a typed card (never more of it). */
  readonly last4?: string;
}

export interface OrderBookOptions {
  readonly currency: string;
  /** The shop's order number for its n-th order (1-based). */
  readonly numberFor: (n: number) => string;
  /** The shop's processor declines every payment (a problem shop). */
  readonly declineAll?: boolean;
}

export interface CardCheckout {
  readonly email: string;
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  readonly card: TypedCard;
}

/** How a card payment went: the order, or what the shop tells the shopper. */
export type CardPayment =
  | PlacedOrder
  | { readonly refused: 'card_invalid'; readonly problems: readonly string[] }
  | { readonly refused: 'declined' }
  | { readonly refused: 'processor_error' };

/** Who the shop is to the card network: its name and its site's origin (known once it listens). */
export interface ShopMerchant {
  readonly name: string;
  url(): string;
}

/** Orders and payment attempts of one shop, for the runs' checks (what was bought, what was charged). */
export class OrderBook {
  private readonly placed: PlacedOrder[] = [];
  private readonly tried: PaymentAttempt[] = [];

  constructor(
    private readonly options: OrderBookOptions,
    private readonly network: CardNetwork = noCardNetwork,
    private readonly merchant: ShopMerchant = { name: 'shop', url: () => 'http://shop.invalid' },
  ) {}

  /**
   * The shop's processor: checks the typed card as a card form does, asks the card network (the
   * card's issuer decides), and places the order only on an approval.
   */
  async payCard(checkout: CardCheckout): Promise<CardPayment> {
    const problems = cardProblems(checkout.card);
    if (problems.length > 0) return { refused: 'card_invalid', problems };
    const attempt = (outcome: PaymentAttempt['outcome']) =>
      this.tried.push({
        email: checkout.email,
        amountCents: checkout.totalCents,
        currency: this.options.currency,
        outcome,
        last4: checkout.card.number.replace(/\D/g, '').slice(-4),
      });
    if (this.options.declineAll) {
      attempt('declined');
      return { refused: 'declined' };
    }
    const answer = await this.network({
      card: { ...checkout.card, number: checkout.card.number.replace(/[\s-]/g, '') },
      amountCents: checkout.totalCents,
      currency: this.options.currency,
      merchant: { name: this.merchant.name, url: this.merchant.url() },
    });
    if (answer.kind === 'unreachable') return { refused: 'processor_error' };
    attempt(answer.kind);
    if (answer.kind === 'declined') return { refused: 'declined' };
    return this.place(checkout);
  }

  private place(checkout: {
    readonly email: string;
    readonly lines: readonly OrderLine[];
    readonly totalCents: number;
  }) {
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
