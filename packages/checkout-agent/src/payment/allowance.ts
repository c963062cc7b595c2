import { Decimal, type DomainError, type Money, parseDecimal, domainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { CurrencyConverter } from '../money/currency-converter.js';
import { minorUnitDigits } from '../money/minor-units.js';

/**
 * What a run allows a merchant to charge (the Delegate Payment spec's Allowance): at most the
 * run's maxCost, in the merchant's currency, until `expiresAt`. A delegated token carrying it
 * cannot be charged more even if the agent misread a total.
 */
export interface PaymentAllowance {
  /** maxCost in the merchant's currency, rounded down to its minor unit. */
  readonly maxAmount: Money;
  /** The same, as the integer of minor units the protocol sends. */
  readonly maxAmountMinor: number;
  readonly expiresAt: Date;
}

export interface AllowanceRequest {
  readonly maxCost: Money;
  /** The merchant's currency (ISO 4217). */
  readonly currency: string;
  readonly converter: CurrencyConverter;
  readonly now: Date;
  /** How long a token stays usable; the run's own deadline shortens it. */
  readonly ttlMs: number;
  readonly deadline: Date | null;
}

/** Tokens live minutes, not the run's whole budget: long enough to complete, short if leaked. */
export const DEFAULT_PAYMENT_TOKEN_TTL_MS = 10 * 60_000;

/**
 * maxCost in the merchant's currency needs no rate when the currencies agree: the allowance then
 * stands apart from the converter the max-cost guard uses, so one wrong rate cannot defeat both.
 */
export const allowanceFor = async (request: AllowanceRequest): Promise<E.Either<DomainError, PaymentAllowance>> => {
  const same = request.maxCost.currency.toUpperCase() === request.currency.toUpperCase();
  const converted = same
    ? E.right(request.maxCost.amount)
    : await request.converter.convert(request.maxCost, request.currency);
  if (E.isLeft(converted)) return converted;
  const value = parseDecimal(converted.right);
  if (value === null) return E.left(domainError('invalid', 'invalid_amount', 'The converted maxCost is not a decimal'));
  const digits = minorUnitDigits(request.currency);
  const minor = value.mul(new Decimal(10).pow(digits)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  const end = request.now.getTime() + request.ttlMs;
  return E.right({
    maxAmount: {
      amount: minor.div(new Decimal(10).pow(digits)).toFixed(digits),
      currency: request.currency.toUpperCase(),
    },
    maxAmountMinor: minor.toNumber(),
    expiresAt: new Date(request.deadline ? Math.min(end, request.deadline.getTime()) : end),
  });
};
