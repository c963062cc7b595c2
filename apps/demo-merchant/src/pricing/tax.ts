import { Decimal } from '@paykit/kernel';

/** Where goods are shipped; tax is charged at the destination's flat rate. */
export interface Destination {
  readonly country: string;
  readonly state?: string;
}

const US_STATE_RATES: Readonly<Record<string, string>> = {
  CA: '0.0725',
  NY: '0.04',
  TX: '0.0625',
  WA: '0.065',
  OR: '0',
};
const US_DEFAULT_RATE = '0.05';
const COUNTRY_RATES: Readonly<Record<string, string>> = { CA: '0.05', GB: '0.20', DE: '0.19', FR: '0.20' };

/** The flat sales tax / VAT rate at a destination, as an exact decimal string. */
export const taxRateFor = (destination: Destination): string => {
  if (destination.country === 'US') return US_STATE_RATES[destination.state?.toUpperCase() ?? ''] ?? US_DEFAULT_RATE;
  return COUNTRY_RATES[destination.country] ?? '0';
};

/** Tax on an amount in minor units, rounded half up to a whole cent. Shipping is not taxed. */
export const taxOn = (amount: number, destination: Destination): number =>
  new Decimal(amount).mul(taxRateFor(destination)).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
