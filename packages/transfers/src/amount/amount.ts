import * as E from 'fp-ts/lib/Either.js';
import { Decimal, formatDecimal, fromBaseUnits, invalid, toBaseUnits, type DomainError } from '@paykit/kernel';
import { MAX_BASE_UNITS, type ChainType } from '../transfer/chain.js';
import type { TransferAmount } from '../transfer/model.js';

/** The public API's amount pattern: digits, optionally a point and more digits ("1", "1.", "0.25"). */
const AMOUNT = /^\d+(?:\.\d*)?$/;

/**
 * Reads a client's decimal amount for a token of `decimals` places on a chain family: it must be
 * above zero (or zero, with `allowZero`: a raw call that moves nothing), exact in base units (no
 * digits below the token's smallest unit) and fit the family's integer type.
 */
export const parseTransferAmount = (
  text: string,
  decimals: number,
  chainType: ChainType,
  { allowZero = false }: { readonly allowZero?: boolean } = {},
): E.Either<DomainError, TransferAmount> => {
  if (!AMOUNT.test(text)) {
    return E.left(invalid('invalid_amount', `amount: "${text}" is not a decimal amount such as "10" or "0.5"`));
  }
  const value = new Decimal(text.endsWith('.') ? text.slice(0, -1) : text);
  if (!allowZero && value.lte(0)) return E.left(invalid('invalid_amount', 'amount: must be greater than 0'));
  if (!value.mul(new Decimal(10).pow(decimals)).isInteger()) {
    return E.left(
      invalid('amount_precision_exceeded', `amount: "${text}" has more than the token's ${decimals} decimal places`, {
        decimals,
      }),
    );
  }
  const baseUnits = toBaseUnits(value, decimals);
  const max = MAX_BASE_UNITS[chainType];
  if (baseUnits > max) {
    return E.left(
      invalid(
        'amount_too_large',
        `amount: at most ${formatDecimal(fromBaseUnits(max, decimals))} can be sent in one transfer`,
        {
          max: formatDecimal(fromBaseUnits(max, decimals)),
        },
      ),
    );
  }
  return E.right({ decimal: formatDecimal(value), baseUnits: baseUnits.toString() });
};
