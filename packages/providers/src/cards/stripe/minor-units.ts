import { Decimal, type Money } from '@paykit/kernel';
import { FIAT_DECIMALS } from '../../money/amount.js';
import { canonicalAmount } from '../../money/amount.js';

const SCALE = new Decimal(10).pow(FIAT_DECIMALS);

/** Stripe takes amounts in the currency's smallest unit (cents for usd, eur and gbp): "10.5" is 1050. */
export const toMinorUnits = (amount: Decimal): number => amount.mul(SCALE).toNumber();

/** Stripe's integer amount back as our decimal string. */
export const fromMinorUnits = (minor: number, currency: string): Money => ({
  amount: canonicalAmount(new Decimal(minor).div(SCALE)),
  currency,
});
