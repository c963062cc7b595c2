import * as E from 'fp-ts/lib/Either.js';
import { Decimal, formatDecimal, type DomainError } from '@paykit/kernel';
import { parsePrice, type PriceTableEntry } from '@paykit/orders';
import type { Environment } from '../../environment.js';
import { listedItems, priceEntryOf } from '../price-entry.js';
import type { PriceRequest, PricingPort, SupportedItem } from '../pricing-port.js';
import { type PricedItem, resolvePricedItem } from '../resolve-item.js';
import type { CoinbaseSpotPrices } from './coinbase-spot-prices.js';

export interface CoinbasePricingOptions {
  readonly environment: Environment;
  readonly prices: CoinbaseSpotPrices;
  /** Turns a token locator written another way (by contract address) into `chain:symbol`. */
  readonly canonicalTokenLocator?: (locator: string) => string | undefined;
}

/** Coinbase's ticker of an asset of ours; staging's test stablecoin is priced as the USDC it stands for. */
const tickerOf = (symbol: string): string => (symbol === 'usdxm' ? 'USDC' : symbol.toUpperCase());

/**
 * Token prices from Coinbase's spot prices (ADR 0912): a token is priced at its spot price in the
 * currency asked (`ETH-EUR`); a payout in fiat at the inverse of the stablecoin's (`USDC-USD`),
 * in the stablecoin's decimals. Fees are our fee schedule, as with the sandbox.
 */
export class CoinbasePricing implements PricingPort {
  constructor(private readonly options: CoinbasePricingOptions) {}

  async priceOf(request: PriceRequest): Promise<E.Either<DomainError, PriceTableEntry>> {
    const canonical = (locator: string) => this.options.canonicalTokenLocator?.(locator);
    const item = resolvePricedItem(this.options.environment, request.itemLocator, request.currency, canonical);
    if (E.isLeft(item)) return item;
    const unitPrice = await this.unitPriceOf(item.right, request);
    if (E.isLeft(unitPrice)) return unitPrice;
    const entry = priceEntryOf(request, item.right, unitPrice.right);
    return E.map(() => entry)(parsePrice(entry));
  }

  async supportedItems(): Promise<E.Either<DomainError, readonly SupportedItem[]>> {
    return E.right(listedItems(this.options.environment));
  }

  private async unitPriceOf(item: PricedItem, request: PriceRequest): Promise<E.Either<DomainError, string>> {
    if (item.kind === 'token') {
      const symbol = item.key.split(':')[1] ?? '';
      const spot = await this.options.prices.spot(tickerOf(symbol), item.currency.toUpperCase());
      return E.map(formatDecimal)(spot);
    }
    const spot = await this.options.prices.spot(tickerOf(request.currency), item.fiat.toUpperCase());
    return E.map((price: Decimal) =>
      formatDecimal(new Decimal(1).div(price).toDecimalPlaces(item.stablecoin.decimals, Decimal.ROUND_UP)),
    )(spot);
  }
}
