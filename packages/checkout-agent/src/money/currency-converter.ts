import { Decimal, type DomainError, type Money, domainError, parseDecimal } from '@paykit/kernel';
import type { Environment, PricingPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';

/** Converts an amount into another currency, for the max-cost comparison. */
export interface CurrencyConverter {
  /** The amount in `currency` as a decimal string; Left when no rate is available. */
  convert(amount: Money, currency: string): Promise<E.Either<DomainError, string>>;
}

/** maxCost has at most 6 fractional digits: a converted total is rounded up to that, never down. */
const COMPARISON_DIGITS = 6;

const noRate = (from: string, to: string, cause?: DomainError): DomainError =>
  domainError('unavailable', 'conversion_unavailable', `No rate to convert ${from} into ${to}`, {
    from,
    to,
    ...(cause ? { cause: cause.code } : {}),
  });

const sameCurrency = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** For runs whose merchant always charges in maxCost's currency: any other currency has no rate. */
export const sameCurrencyOnly: CurrencyConverter = {
  convert: async (amount, currency) =>
    sameCurrency(amount.currency, currency) ? E.right(amount.amount) : E.left(noRate(amount.currency, currency)),
};

/** A token the pricing port prices in every fiat currency it knows; its two prices give the cross rate. */
export const referenceItemFor = (environment: Environment): string =>
  environment === 'staging' ? 'base-sepolia:usdxm' : 'base:usdc';

/**
 * Conversion through the pricing port. The port prices items in fiat currencies, not one fiat
 * currency in another, so the rate comes from one reference item priced in both: an amount A
 * in X is A * price(Y) / price(X) in Y. The result is rounded up, so the guard never
 * understates a total.
 */
export const pricingConverter = (
  pricing: PricingPort,
  options: { readonly referenceItem: string },
): CurrencyConverter => ({
  convert: async (amount, currency) => {
    const value = parseDecimal(amount.amount);
    if (value === null) return E.left(domainError('invalid', 'invalid_amount', 'The amount is not a decimal string'));
    if (sameCurrency(amount.currency, currency)) return E.right(amount.amount);
    const priceIn = async (code: string) => {
      const entry = await pricing.priceOf({ itemLocator: options.referenceItem, currency: code.toLowerCase() });
      if (E.isLeft(entry)) return entry;
      const price = parseDecimal(entry.right.unitPrice);
      return price && price.gt(0) ? E.right(price) : E.left(noRate(amount.currency, currency));
    };
    const [from, to] = await Promise.all([priceIn(amount.currency), priceIn(currency)]);
    if (E.isLeft(from)) return E.left(noRate(amount.currency, currency, from.left));
    if (E.isLeft(to)) return E.left(noRate(amount.currency, currency, to.left));
    const converted = value.mul(to.right).div(from.right).toDecimalPlaces(COMPARISON_DIGITS, Decimal.ROUND_UP);
    return E.right(converted.toFixed());
  },
});
