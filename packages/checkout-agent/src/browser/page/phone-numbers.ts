import { countryOption } from './places.js';

/** Country calling codes of the countries shops most often deliver to, by ISO 3166-1 code. */
const CALLING_CODES: Readonly<Record<string, string>> = {
  US: '1',
  CA: '1',
  MX: '52',
  BR: '55',
  GB: '44',
  IE: '353',
  DE: '49',
  AT: '43',
  CH: '41',
  FR: '33',
  BE: '32',
  NL: '31',
  LU: '352',
  ES: '34',
  PT: '351',
  IT: '39',
  DK: '45',
  SE: '46',
  NO: '47',
  FI: '358',
  PL: '48',
  CZ: '420',
  AU: '61',
  NZ: '64',
  JP: '81',
  KR: '82',
  SG: '65',
  IN: '91',
};

/** Countries whose numbers are dialled at home with a leading 0 before the national number. */
const TRUNK_ZERO = new Set(['GB', 'IE', 'DE', 'AT', 'CH', 'FR', 'BE', 'NL', 'SE', 'FI', 'AU', 'NZ', 'JP', 'KR', 'IN']);

/** A phone number as forms ask for it: its country calling code and the number without it. */
export interface PhoneNumber {
  readonly callingCode: string | null;
  /** The subscriber number without calling code or trunk 0: "4155550123", "2079460000". */
  readonly national: string;
  /** As dialled at home: with the trunk 0 where the country has one ("02079460000"). */
  readonly dialled: string;
}

/**
 * Reads an E.164 number ("+14155550123") or a national one ("(415) 555-0123"), taking the
 * calling code of the buyer's country first when the number starts with it.
 */
export const readPhone = (phone: string, countryCode: string | undefined): PhoneNumber => {
  const own = countryCode ? CALLING_CODES[countryCode.toUpperCase()] : undefined;
  const digits = phone.replace(/\D/g, '');
  let callingCode: string | null = own ?? null;
  let rest = digits;
  if (/^\s*(\+|00)/.test(phone)) {
    const international = phone.trim().startsWith('00') ? digits.slice(2) : digits;
    const codes = [...new Set(Object.values(CALLING_CODES))].sort((a, b) => b.length - a.length);
    callingCode =
      own && international.startsWith(own) ? own : (codes.find((code) => international.startsWith(code)) ?? null);
    rest = callingCode ? international.slice(callingCode.length) : international;
  }
  const national = rest.replace(/^0/, '');
  const country = Object.entries(CALLING_CODES).find(
    ([code, calling]) => calling === callingCode && (own === undefined || code === countryCode?.toUpperCase()),
  )?.[0];
  return { callingCode, national, dialled: country && TRUNK_ZERO.has(country) ? `0${national}` : national };
};

/**
 * The option of a calling-code select that is the buyer's: "+1", "US (+1)", "United States +1",
 * a value of "1" or "+1"; among several with the code (+1 is the US and Canada), the one that
 * names the buyer's country. -1 when none.
 */
export const callingCodeOption = (
  options: readonly { readonly label: string; readonly value: string }[],
  callingCode: string,
  countryCode: string | undefined,
): number => {
  const codeIn = (text: string) => /(?:^|[^\d])\+?\s?(\d{1,4})(?:$|[^\d])/.exec(text)?.[1];
  const matching = options
    .map((option, index) => ({ option, index }))
    .filter(({ option }) => [option.label, option.value].some((text) => codeIn(text.trim()) === callingCode));
  const withoutCode = matching.map(({ option }) => ({
    label: option.label.replace(/[([]?\+?\s?\d{1,4}[)\]]?/g, ' ').trim(),
    value: option.value.replace(/^\+?\d+$/, ''),
  }));
  const named = countryCode ? countryOption(withoutCode, countryCode) : -1;
  return (matching[named] ?? matching[0])?.index ?? -1;
};
