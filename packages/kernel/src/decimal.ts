import DecimalModule from 'decimal.js';

// decimal.js types its ES build as CommonJS; at run time the default export is the class itself.
const DecimalJs = DecimalModule as unknown as typeof DecimalModule.Decimal;

/**
 * Exact decimal arithmetic for money and token amounts. Amounts cross every boundary as
 * strings; inside, they are Decimals with enough precision for 18-decimal tokens of any size.
 */
export const Decimal = DecimalJs.clone({
  precision: 80,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -40,
  toExpPos: 80,
});
export type Decimal = InstanceType<typeof Decimal>;

const DECIMAL_STRING = /^(0|[1-9]\d*)(\.\d+)?$/;

/** Parses a plain non-negative decimal string ("12", "0.5"); no exponent, sign or spaces. */
export const parseDecimal = (value: string): Decimal | null => (DECIMAL_STRING.test(value) ? new Decimal(value) : null);

export interface DecimalShape {
  readonly maxIntegerDigits: number;
  readonly maxFractionDigits: number;
}

/** True when a decimal string fits `maxIntegerDigits`.`maxFractionDigits` and is above zero. */
export const isPositiveDecimalWithin = (value: string, shape: DecimalShape): boolean => {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return false;
  const [, integer = '', fraction = ''] = match;
  if (integer.length > 1 && integer.startsWith('0')) return false;
  if (integer.length > shape.maxIntegerDigits || fraction.length > shape.maxFractionDigits) return false;
  return new Decimal(value).gt(0);
};

/** Canonical string for an amount: no exponent, no trailing zeros after the point. */
export const formatDecimal = (value: Decimal, decimalPlaces?: number): string => {
  const rounded = decimalPlaces === undefined ? value : value.toDecimalPlaces(decimalPlaces, Decimal.ROUND_DOWN);
  return rounded.toFixed();
};

/** Converts a decimal amount to integer base units (e.g. wei) and back. */
export const toBaseUnits = (amount: Decimal, decimals: number): bigint =>
  BigInt(amount.mul(new Decimal(10).pow(decimals)).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed());
export const fromBaseUnits = (units: bigint, decimals: number): Decimal =>
  new Decimal(units.toString()).div(new Decimal(10).pow(decimals));

export interface Money {
  readonly amount: string;
  readonly currency: string;
}
