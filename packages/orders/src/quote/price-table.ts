import * as E from 'fp-ts/lib/Either.js';
import { Decimal, domainError, parseDecimal, type DomainError } from '@paykit/kernel';

/** One fee of a schedule: a fixed part plus a rate on the subtotal; either may be absent. */
export interface FeeRule {
  readonly type: string;
  readonly fixed?: string;
  readonly rateBps?: string;
}

/**
 * The price of one item (a token, or a fiat currency for offramp) in one payment currency,
 * as a pricing source reports it. Decimals say how finely each side can be divided:
 * fiat has 2, a token its own (6 for USDC, 18 for most EVM tokens).
 */
export interface PriceTableEntry {
  /** Token locator (`base-sepolia:0x...`) or currency locator (`fiat:usd`). */
  readonly itemLocator: string;
  readonly itemDecimals: number;
  /** What the buyer pays with: `usd` for a card, `usdc` for a stablecoin deposit. */
  readonly currency: string;
  readonly currencyDecimals: number;
  /** The price of one whole item in `currency`. */
  readonly unitPrice: string;
  readonly fees: readonly FeeRule[];
  /** A fraction of the subtotal, e.g. "0.0725"; "0" where no tax applies. */
  readonly salesTaxRate: string;
}

export interface ParsedFeeRule {
  readonly type: string;
  readonly fixed: Decimal;
  /** As a fraction (rateBps / 10000). */
  readonly rate: Decimal;
}

export interface ParsedPrice {
  readonly entry: PriceTableEntry;
  readonly unitPrice: Decimal;
  readonly fees: readonly ParsedFeeRule[];
  readonly salesTaxRate: Decimal;
}

const badPrice = (message: string): DomainError => domainError('upstream_invalid', 'invalid_price_table', message);

const isDecimalCount = (value: number): boolean => Number.isInteger(value) && value >= 0 && value <= 36;

/** A price entry is data from a pricing source: check it before any arithmetic trusts it. */
export const parsePrice = (entry: PriceTableEntry): E.Either<DomainError, ParsedPrice> => {
  const unitPrice = parseDecimal(entry.unitPrice);
  if (!unitPrice || unitPrice.lte(0)) return E.left(badPrice(`unit price of ${entry.itemLocator} is not positive`));
  if (!isDecimalCount(entry.itemDecimals) || !isDecimalCount(entry.currencyDecimals)) {
    return E.left(badPrice(`decimals of ${entry.itemLocator} / ${entry.currency} are not whole numbers from 0 to 36`));
  }
  const salesTaxRate = parseDecimal(entry.salesTaxRate);
  if (!salesTaxRate || salesTaxRate.gte(1)) return E.left(badPrice('sales tax rate must be a fraction below 1'));
  const fees: ParsedFeeRule[] = [];
  for (const rule of entry.fees) {
    const fixed = parseDecimal(rule.fixed ?? '0');
    const rateBps = parseDecimal(rule.rateBps ?? '0');
    if (!fixed || !rateBps || rateBps.gte(10_000)) return E.left(badPrice(`fee ${rule.type} is malformed`));
    fees.push({ type: rule.type, fixed, rate: rateBps.div(10_000) });
  }
  return E.right({ entry, unitPrice, fees, salesTaxRate });
};

export const ZERO = new Decimal(0);
