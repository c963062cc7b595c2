import type { FiatCurrency } from '../money/amount.js';

/** How a fiat currency relates to the market, which is priced in US dollars. */
export interface FiatTerms {
  /** Units of this currency one US dollar buys (onramp prices are usd prices times this). */
  readonly perUsd: string;
  /** Stablecoin units paid for one unit of this currency (offramp: the sell side of the spread). */
  readonly payoutRate: string;
  /** Sales tax on a card purchase, as a fraction of the subtotal. */
  readonly salesTaxRate: string;
}

/**
 * Illustrative sandbox terms. A US state sales tax applies to usd card purchases; buying a
 * crypto-asset is VAT-exempt in the EU and the UK, so eur and gbp carry none.
 */
export const FIAT_TERMS: Readonly<Record<FiatCurrency, FiatTerms>> = {
  usd: { perUsd: '1', payoutRate: '1', salesTaxRate: '0.0725' },
  eur: { perUsd: '0.92', payoutRate: '1.09', salesTaxRate: '0' },
  gbp: { perUsd: '0.79', payoutRate: '1.27', salesTaxRate: '0' },
};

/** Card purchases: 1.5% plus 30 US cents (converted), and the chain's network fee. */
export const ONRAMP_SERVICE_FEE = { rateBps: '150', fixedUsd: '0.30' } as const;

/** Payouts: 1% of what is sold, no tax. */
export const OFFRAMP_SERVICE_FEE = { rateBps: '100' } as const;
