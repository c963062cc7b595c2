import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { Environment } from '../environment.js';
import { currencyNotSupported, isFiatCurrency, type FiatCurrency } from '../money/amount.js';
import { ASSETS, CHAINS, STAGING_CURRENCY_ALIASES, type Asset, type PricedChain } from './market-data.js';

/** A token bought with fiat (onramp), or fiat bought with a stablecoin (offramp). */
export type PricedItem =
  | {
      readonly kind: 'token';
      /** `chain:symbol`, the key market moves are kept under. */
      readonly key: string;
      readonly chain: PricedChain;
      readonly asset: Asset;
      readonly currency: FiatCurrency;
    }
  | { readonly kind: 'fiat'; readonly key: string; readonly fiat: FiatCurrency; readonly stablecoin: Asset };

export const tokenNotSupported = (itemLocator: string, environment: Environment): DomainError =>
  invalid('token_not_supported', `token ${itemLocator} is not supported in ${environment}`, {
    tokenLocator: itemLocator,
  });

/** Resolves a currency symbol on a chain, with the staging alias usdc -> usdxm. */
const symbolOn = (environment: Environment, chain: PricedChain, currency: string): string | undefined => {
  const symbol = environment === 'staging' ? (STAGING_CURRENCY_ALIASES[currency] ?? currency) : currency;
  return symbol === chain.native || symbol === chain.stablecoin ? symbol : undefined;
};

/** The `chain:symbol` key of a token locator, or undefined when this market does not list it. */
export const tokenKeyOf = (environment: Environment, locator: string): string | undefined => {
  const [chainName = '', currency = '', ...rest] = locator.toLowerCase().split(':');
  const chain = CHAINS[environment][chainName];
  const symbol = chain && rest.length === 0 ? symbolOn(environment, chain, currency) : undefined;
  return symbol === undefined ? undefined : `${chainName}:${symbol}`;
};

const stablecoinOf = (environment: Environment, currency: string): Asset | undefined => {
  const symbol = environment === 'staging' ? (STAGING_CURRENCY_ALIASES[currency] ?? currency) : currency;
  const listed = Object.values(CHAINS[environment]).some((chain) => chain.stablecoin === symbol);
  return listed ? ASSETS[symbol] : undefined;
};

/**
 * What a price request is about. `canonical` turns other spellings of a token (say, by
 * contract address) into `chain:symbol` before the market is consulted.
 */
export const resolvePricedItem = (
  environment: Environment,
  itemLocator: string,
  currency: string,
  canonical: (locator: string) => string | undefined,
): E.Either<DomainError, PricedItem> => {
  if (itemLocator.startsWith('fiat:')) {
    const fiat = itemLocator.slice('fiat:'.length);
    if (!isFiatCurrency(fiat)) return E.left(currencyNotSupported(fiat));
    const stablecoin = stablecoinOf(environment, currency);
    if (!stablecoin) return E.left(currencyNotSupported(currency));
    return E.right({ kind: 'fiat', key: itemLocator, fiat, stablecoin });
  }
  const key = tokenKeyOf(environment, canonical(itemLocator) ?? itemLocator);
  const [chainName = '', symbol = ''] = key?.split(':') ?? [];
  const chain = CHAINS[environment][chainName];
  const asset = ASSETS[symbol];
  if (!key || !chain || !asset) return E.left(tokenNotSupported(itemLocator, environment));
  if (!isFiatCurrency(currency)) return E.left(currencyNotSupported(currency));
  return E.right({ kind: 'token', key, chain, asset, currency });
};
