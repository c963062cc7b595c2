import { Decimal } from '@paykit/kernel';

/** Digits after the point in a currency's minor unit (ISO 4217: USD 2, JPY 0, KWD 3). */
export const minorUnitDigits = (currency: string): number => {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
};

/** An integer amount in minor units (what agentic-checkout APIs send) as a decimal string: 10788 USD -> "107.88". */
export const fromMinorUnits = (minor: number, currency: string): string => {
  const digits = minorUnitDigits(currency);
  return new Decimal(minor).div(new Decimal(10).pow(digits)).toFixed(digits);
};
