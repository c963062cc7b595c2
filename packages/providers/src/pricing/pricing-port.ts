import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { PriceTableEntry } from '@paykit/orders';

/**
 * What to price: a token (`base-sepolia:usdxm`) bought with a fiat currency (`usd`), or a
 * fiat currency (`fiat:usd`) bought with a stablecoin (`usdc`) for a payout. The entry
 * answered echoes both exactly as asked, so a quote built on it matches the order.
 */
export interface PriceRequest {
  readonly itemLocator: string;
  readonly currency: string;
}

/** An item the pricing source can price, and the currencies it can be paid with. */
export interface SupportedItem {
  readonly itemLocator: string;
  readonly itemDecimals: number;
  readonly currencies: readonly string[];
}

/**
 * The pricing source. Answers are checked before they are returned: an entry that reaches
 * the caller parses (see `parsePrice`). Errors: `token_not_supported` /
 * `currency_not_supported` (invalid), `upstream_invalid` for a malformed answer,
 * `unavailable` for an outage or a timeout.
 */
export interface PricingPort {
  priceOf(request: PriceRequest): Promise<E.Either<DomainError, PriceTableEntry>>;
  /** The tokens that can be bought with fiat (a card), for the supported-tokens catalogue. */
  supportedItems(): Promise<E.Either<DomainError, readonly SupportedItem[]>>;
}
