import * as E from 'fp-ts/lib/Either.js';
import { Decimal, formatDecimal, parseDecimal, type DomainError } from '@paykit/kernel';
import { parsePrice, type PriceTableEntry } from '@paykit/orders';
import type { Environment } from '../environment.js';
import { faultError, SandboxFaults } from '../faults/sandbox-faults.js';
import { FIAT_TERMS } from './fee-schedule.js';
import { listedItems, priceEntryOf } from './price-entry.js';
import type { PriceRequest, PricingPort, SupportedItem } from './pricing-port.js';
import { resolvePricedItem, tokenKeyOf, type PricedItem } from './resolve-item.js';

export interface SandboxPricingOptions {
  readonly environment: Environment;
  readonly faults?: SandboxFaults;
  /**
   * Turns a token locator written another way (by contract address) into `chain:symbol`;
   * by default only `chain:symbol` locators are priced.
   */
  readonly canonicalTokenLocator?: (locator: string) => string | undefined;
}

/**
 * The sandbox price table: a fixed market in US dollars, converted per fiat currency, with
 * card fees, network fees and sales tax. Tests move the market between a quote and its
 * delivery to exercise the slippage rule.
 */
export class SandboxPricing implements PricingPort {
  private readonly faults: SandboxFaults;
  private readonly moves = new Map<string, Decimal>();
  private readonly overrides = new Map<string, string>();

  constructor(private readonly options: SandboxPricingOptions) {
    this.faults = options.faults ?? new SandboxFaults();
  }

  async priceOf(request: PriceRequest): Promise<E.Either<DomainError, PriceTableEntry>> {
    const failure = this.faults.take('pricing.priceOf');
    if (failure === 'timeout' || failure === 'unavailable') return E.left(faultError('pricing', failure));
    const item = resolvePricedItem(this.options.environment, request.itemLocator, request.currency, this.canonical);
    if (E.isLeft(item)) return item;
    const answer = this.entryFor(request, item.right);
    // A malformed answer is corrupted as the source would send it, then caught by the same check.
    const received = failure === 'malformed' ? { ...answer, unitPrice: '-' } : answer;
    return E.map(() => received)(parsePrice(received));
  }

  async supportedItems(): Promise<E.Either<DomainError, readonly SupportedItem[]>> {
    const failure = this.faults.failureOf('pricing', 'supportedItems');
    if (failure) return E.left(failure);
    return E.right(listedItems(this.options.environment));
  }

  /**
   * Moves the market price of an item by `bps` basis points (negative is cheaper), in every
   * currency; moves add up until `resetMarket`.
   */
  moveMarket(itemLocator: string, bps: number): void {
    if (!Number.isInteger(bps) || bps <= -10_000)
      throw new RangeError('a market move is whole basis points above -10000');
    const key = this.keyOf(itemLocator);
    const factor = new Decimal(bps).div(10_000).add(1);
    this.moves.set(key, (this.moves.get(key) ?? new Decimal(1)).mul(factor));
  }

  /** Fixes the unit price of an item in one currency, whatever the market says. */
  setPrice(itemLocator: string, currency: string, unitPrice: string): void {
    const value = parseDecimal(unitPrice);
    if (!value || value.lte(0)) throw new RangeError('a unit price is a positive decimal string');
    this.overrides.set(`${this.keyOf(itemLocator)}|${currency}`, unitPrice);
  }

  resetMarket(): void {
    this.moves.clear();
    this.overrides.clear();
  }

  private readonly canonical = (locator: string): string | undefined => this.options.canonicalTokenLocator?.(locator);

  private keyOf(itemLocator: string): string {
    if (itemLocator.startsWith('fiat:')) return itemLocator;
    const key = tokenKeyOf(this.options.environment, this.canonical(itemLocator) ?? itemLocator);
    if (!key) throw new RangeError(`${itemLocator} is not listed in the ${this.options.environment} market`);
    return key;
  }

  private marketPrice(key: string, currency: string, base: Decimal): string {
    return this.overrides.get(`${key}|${currency}`) ?? formatDecimal(base.mul(this.moves.get(key) ?? 1));
  }

  private entryFor(request: PriceRequest, item: PricedItem): PriceTableEntry {
    const base =
      item.kind === 'fiat'
        ? new Decimal(FIAT_TERMS[item.fiat].payoutRate)
        : new Decimal(item.asset.usdPrice).mul(FIAT_TERMS[item.currency].perUsd);
    return priceEntryOf(request, item, this.marketPrice(item.key, request.currency, base));
  }
}
