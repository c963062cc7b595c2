import { Decimal, formatDecimal } from '@paykit/kernel';
import { roundCharge, type PriceTableEntry } from '@paykit/orders';
import type { Environment } from '../environment.js';
import { FIAT_CURRENCIES, FIAT_DECIMALS } from '../money/amount.js';
import { FIAT_TERMS, OFFRAMP_SERVICE_FEE, ONRAMP_SERVICE_FEE } from './fee-schedule.js';
import { ASSETS, CHAINS } from './market-data.js';
import type { PriceRequest, SupportedItem } from './pricing-port.js';
import type { PricedItem } from './resolve-item.js';

/**
 * The price-table entry of an item at `unitPrice` (in the request's currency), with our fee
 * schedule: card and network fees for a token, the service fee for a payout; whichever source
 * the unit price came from.
 */
export const priceEntryOf = (request: PriceRequest, item: PricedItem, unitPrice: string): PriceTableEntry => {
  const echo = { itemLocator: request.itemLocator, currency: request.currency, unitPrice };
  if (item.kind === 'fiat') {
    return {
      ...echo,
      itemDecimals: FIAT_DECIMALS,
      currencyDecimals: item.stablecoin.decimals,
      fees: [{ type: 'service-fee', rateBps: OFFRAMP_SERVICE_FEE.rateBps }],
      salesTaxRate: '0',
    };
  }
  const terms = FIAT_TERMS[item.currency];
  const fixedFee = (usd: string) => formatDecimal(roundCharge(new Decimal(usd).mul(terms.perUsd), FIAT_DECIMALS));
  return {
    ...echo,
    itemDecimals: item.asset.decimals,
    currencyDecimals: FIAT_DECIMALS,
    fees: [
      { type: 'service-fee', rateBps: ONRAMP_SERVICE_FEE.rateBps, fixed: fixedFee(ONRAMP_SERVICE_FEE.fixedUsd) },
      { type: 'network-fee', fixed: fixedFee(item.chain.networkFeeUsd) },
    ],
    salesTaxRate: terms.salesTaxRate,
  };
};

/** Each chain's native token and stablecoin, bought with any fiat currency: the catalogue of an environment. */
export const listedItems = (environment: Environment): SupportedItem[] =>
  Object.entries(CHAINS[environment]).flatMap(([name, chain]) =>
    [chain.native, chain.stablecoin].map((symbol) => ({
      itemLocator: `${name}:${symbol}`,
      itemDecimals: ASSETS[symbol]?.decimals ?? 0,
      currencies: FIAT_CURRENCIES,
    })),
  );
