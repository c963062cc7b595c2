import { type Catalogue } from '../catalogue/catalogue.js';
import { type ProductDefinition, type VariantDefinition } from '../catalogue/products.js';
import { isServedCountry, shippingOptionsFor, type ShippingOption } from './shipping.js';
import { taxOn, type Destination } from './tax.js';

export interface QuoteLine {
  readonly itemId: string;
  readonly quantity: number;
}

/**
 * Which price applies: what the product page and cart show, or what the merchant charges from
 * the review step on (they differ for products with a `priceAtReview`).
 */
export type PriceStage = 'listing' | 'review';

export interface PricedLine {
  readonly itemId: string;
  readonly quantity: number;
  readonly product: ProductDefinition;
  readonly variant: VariantDefinition | undefined;
  readonly listedUnitAmount: number;
  readonly unitAmount: number;
  readonly baseAmount: number;
  readonly discount: number;
  readonly subtotal: number;
  readonly tax: number;
  readonly total: number;
}

/** Why a line cannot be bought as it is; `line` is its index in the quote. */
export type LineIssue =
  | { readonly kind: 'needs_variant'; readonly line: number; readonly product: ProductDefinition }
  | { readonly kind: 'out_of_stock'; readonly line: number; readonly available: number }
  | { readonly kind: 'not_shippable'; readonly line: number; readonly country: string }
  | { readonly kind: 'price_changed'; readonly line: number; readonly from: number; readonly to: number };

export interface Quote {
  readonly lines: readonly PricedLine[];
  readonly itemsBase: number;
  readonly discount: number;
  readonly subtotal: number;
  /** Empty when no destination is known or the order cannot be shipped there. */
  readonly shippingOptions: readonly ShippingOption[];
  readonly shipping: ShippingOption | undefined;
  readonly fulfillment: number;
  readonly tax: number;
  readonly total: number;
  readonly issues: readonly LineIssue[];
  /** The destination's country is not one the shop ships to at all. */
  readonly countryNotServed: boolean;
}

export interface QuoteRequest {
  readonly lines: readonly QuoteLine[];
  readonly destination?: Destination;
  readonly shippingOptionId?: string;
  readonly stage: PriceStage;
}

export class UnknownItemError extends Error {
  constructor(
    readonly index: number,
    readonly itemId: string,
  ) {
    super(`Unknown item ${itemId}`);
  }
}

/** Prices a basket: items, stock, shipping to the destination, tax at the destination's rate. */
export const quote = (catalogue: Catalogue, request: QuoteRequest): Quote => {
  const { destination } = request;
  const issues: LineIssue[] = [];
  // Lines naming the same SKU draw on one stock level.
  const requested = new Map<string, number>();
  const lines = request.lines.map((line, index) => {
    const resolved = catalogue.resolve(line.itemId);
    if (!resolved) throw new UnknownItemError(index, line.itemId);
    const variant = resolved.kind === 'variant' ? resolved.variant : undefined;
    const { product } = resolved;
    if (!variant) issues.push({ kind: 'needs_variant', line: index, product });
    else {
      const wanted = (requested.get(variant.sku) ?? 0) + line.quantity;
      requested.set(variant.sku, wanted);
      if (!catalogue.inStock(variant.sku, wanted))
        issues.push({ kind: 'out_of_stock', line: index, available: catalogue.stock(variant.sku) ?? 0 });
    }
    if (destination && product.shipsTo && !product.shipsTo.includes(destination.country)) {
      issues.push({ kind: 'not_shippable', line: index, country: destination.country });
    }
    const unitAmount = request.stage === 'review' ? (product.priceAtReview ?? product.price) : product.price;
    if (unitAmount !== product.price)
      issues.push({ kind: 'price_changed', line: index, from: product.price, to: unitAmount });
    const baseAmount = unitAmount * line.quantity;
    const tax = destination ? taxOn(baseAmount, destination) : 0;
    return {
      itemId: line.itemId,
      quantity: line.quantity,
      product,
      variant,
      listedUnitAmount: product.price,
      unitAmount,
      baseAmount,
      discount: 0,
      subtotal: baseAmount,
      tax,
      total: baseAmount + tax,
    };
  });

  const countryNotServed = destination !== undefined && !isServedCountry(destination.country);
  const shippable =
    destination !== undefined && !countryNotServed && !issues.some((issue) => issue.kind === 'not_shippable');
  const shippingOptions = shippable ? shippingOptionsFor(destination.country) : [];
  const shipping = shippingOptions.find((option) => option.id === request.shippingOptionId) ?? shippingOptions[0];

  const itemsBase = sum(lines.map((line) => line.baseAmount));
  const subtotal = sum(lines.map((line) => line.subtotal));
  const tax = sum(lines.map((line) => line.tax));
  const fulfillment = shipping?.amount ?? 0;
  return {
    lines,
    itemsBase,
    discount: 0,
    subtotal,
    shippingOptions,
    shipping,
    fulfillment,
    tax,
    total: subtotal + fulfillment + tax,
    issues,
    countryNotServed,
  };
};

/** True when nothing stops payment: every variant chosen and in stock, and shipping available. */
export const isPayable = (q: Quote): boolean =>
  q.lines.length > 0 && q.shipping !== undefined && !q.issues.some((issue) => issue.kind !== 'price_changed');

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
