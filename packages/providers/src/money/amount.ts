import * as E from 'fp-ts/lib/Either.js';
import { formatDecimal, invalid, parseDecimal, type DomainError, type Decimal } from '@paykit/kernel';

/** The fiat currencies cards are charged in and payouts are paid in. */
export const FIAT_CURRENCIES = ['usd', 'eur', 'gbp'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export const FIAT_DECIMALS = 2;

export const isFiatCurrency = (value: string): value is FiatCurrency =>
  (FIAT_CURRENCIES as readonly string[]).includes(value);

export const currencyNotSupported = (currency: string): DomainError =>
  invalid('currency_not_supported', `currency "${currency}" is not supported`, { currency });

/** A positive fiat amount as a decimal string, no finer than cents. */
export const parseFiatAmount = (amount: string, currency: string): E.Either<DomainError, Decimal> => {
  if (!isFiatCurrency(currency)) return E.left(currencyNotSupported(currency));
  const value = parseDecimal(amount);
  if (!value || value.lte(0) || value.decimalPlaces() > FIAT_DECIMALS) {
    return E.left(
      invalid('invalid_amount', `amount must be a positive decimal string with at most ${FIAT_DECIMALS} decimals`),
    );
  }
  return E.right(value);
};

/** The canonical spelling of an amount, so "10.5" and "10.50" are the same request. */
export const canonicalAmount = (value: Decimal): string => formatDecimal(value);
