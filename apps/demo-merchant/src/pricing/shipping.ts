import { type Clock } from '@paykit/kernel';

/** A way to ship an order to a destination, with its price in minor units. */
export interface ShippingOption {
  readonly id: 'standard' | 'express';
  readonly title: string;
  readonly subtitle: string;
  readonly carrier: string;
  readonly amount: number;
  readonly earliestDays: number;
  readonly latestDays: number;
}

/** Countries the shop ships to at all, with their rates. */
const RATES: Readonly<Record<string, { standard: number; express: number; domestic: boolean }>> = {
  US: { standard: 599, express: 1499, domestic: true },
  CA: { standard: 1299, express: 2999, domestic: false },
  GB: { standard: 1299, express: 2999, domestic: false },
  DE: { standard: 1299, express: 2999, domestic: false },
  FR: { standard: 1299, express: 2999, domestic: false },
};

export const SERVED_COUNTRIES: readonly string[] = Object.keys(RATES);

export const isServedCountry = (country: string): boolean => country in RATES;

/** Options for a served country, cheapest first; empty for any other country. */
export const shippingOptionsFor = (country: string): readonly ShippingOption[] => {
  const rates = RATES[country];
  if (!rates) return [];
  const [standardDays, expressDays] = rates.domestic
    ? [
        [4, 5],
        [1, 2],
      ]
    : [
        [7, 10],
        [3, 5],
      ];
  return [
    {
      id: 'standard',
      title: 'Standard',
      subtitle: describe(standardDays),
      carrier: 'USPS',
      amount: rates.standard,
      earliestDays: standardDays[0] ?? 0,
      latestDays: standardDays[1] ?? 0,
    },
    {
      id: 'express',
      title: 'Express',
      subtitle: describe(expressDays),
      carrier: 'UPS',
      amount: rates.express,
      earliestDays: expressDays[0] ?? 0,
      latestDays: expressDays[1] ?? 0,
    },
  ];
};

const describe = ([from, to]: readonly number[]): string => `Arrives in ${from}-${to} days`;

const DAY_MS = 24 * 60 * 60 * 1000;

export const deliveryWindow = (option: ShippingOption, clock: Clock): { earliest: string; latest: string } => {
  const now = clock.now().getTime();
  return {
    earliest: new Date(now + option.earliestDays * DAY_MS).toISOString(),
    latest: new Date(now + option.latestDays * DAY_MS).toISOString(),
  };
};
