import { type Money, parseDecimal } from '@paykit/kernel';

const SYMBOLS: readonly (readonly [RegExp, string])[] = [
  [/US\$/, 'USD'],
  [/CA\$|C\$/, 'CAD'],
  [/A\$|AU\$/, 'AUD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/¥|￥/, 'JPY'],
  [/\$/, 'USD'],
];

/** "1,234.56" and "1.234,56" alike: the last separator followed by one or two digits is the decimal point. */
const normalisedNumber = (digits: string): string | null => {
  const compact = digits.replace(/[\s\u00a0']/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = decimal ? compact.slice(0, decimal.index) : compact;
  if (!/^\d{1,3}([.,]?\d{3})*$/.test(whole) && !/^\d+$/.test(whole)) return null;
  const integer = whole.replace(/[.,]/g, '');
  return decimal ? `${integer}.${decimal[1]}` : integer;
};

/**
 * An amount as a shop shows it ("$1,234.56", "12,00 €", "USD 54.00", "Total: $18.86"): the
 * first amount in the text with the currency its symbol or code names, else `fallbackCurrency`.
 * Null when the text holds no amount or no currency can be told.
 */
export const parseMoneyText = (text: string, fallbackCurrency?: string): Money | null => {
  const match = /(-?)\s*(\d[\d\s\u00a0.,']*\d|\d)/.exec(text);
  if (!match?.[2]) return null;
  const number = normalisedNumber(match[2]);
  if (number === null || parseDecimal(number) === null) return null;
  const code = /\b([A-Z]{3})\b/.exec(text)?.[1];
  const symbol = SYMBOLS.find(([pattern]) => pattern.test(text))?.[1];
  const currency = code ?? symbol ?? fallbackCurrency?.toUpperCase();
  if (!currency) return null;
  return { amount: `${match[1] ? '-' : ''}${number}`, currency };
};
