import type { FieldMeaning } from '../page/field-meaning.js';
import { countryName, countryOption, regionName, regionOption, subdivision } from '../page/places.js';
import { callingCodeOption, readPhone } from '../page/phone-numbers.js';
import { normal } from '../page/words.js';

type Options = readonly { readonly label: string; readonly value: string }[];

/** How the form asks for the phone: as given (E.164), without the calling code chosen beside it, or as dialled at home. */
export type PhoneForm = 'asGiven' | 'national' | 'dialled';

/**
 * What to type into a text field for a buyer value: a region's own code ("CA" from "US-CA"),
 * or its name where the field suggests names to pick from; a country's name; the phone in the
 * form the page asks for; anything else as it is.
 */
export const textFor = (
  meaning: FieldMeaning,
  value: string,
  countryCode: string | undefined,
  options: { readonly combobox?: boolean; readonly phone?: PhoneForm } = {},
): string => {
  switch (meaning) {
    case 'region':
      return (options.combobox ? regionName(value, countryCode) : undefined) ?? subdivision(value, countryCode).code;
    case 'country':
      return countryName(value);
    case 'phone': {
      const form = options.phone ?? 'asGiven';
      if (form === 'asGiven') return value;
      const phone = readPhone(value, countryCode);
      return form === 'national' ? phone.national : phone.dialled;
    }
    default:
      return value;
  }
};

/** The option of a select that says the buyer value (a country, a region or a calling code by code or name); -1 when none does. */
export const optionFor = (
  meaning: FieldMeaning,
  value: string,
  countryCode: string | undefined,
  options: Options,
): number => {
  if (meaning === 'country') return countryOption(options, value);
  if (meaning === 'region') return regionOption(options, value, countryCode);
  if (meaning === 'phoneCountryCode') {
    const { callingCode } = readPhone(value, countryCode);
    return callingCode ? callingCodeOption(options, callingCode, countryCode) : -1;
  }
  const wanted = normal(value);
  return options.findIndex((option) => normal(option.value) === wanted || normal(option.label) === wanted);
};

/**
 * Whether a text field holds what was typed, as the page may have reformatted it: the same
 * words ("ca" for "CA"), or for a phone the same number in any of its forms ("(415) 555-0123"
 * for "+14155550123").
 */
export const holdsText = (
  meaning: FieldMeaning,
  shown: string,
  typed: string,
  countryCode: string | undefined,
): boolean => {
  if (meaning !== 'phone') return normal(shown) === normal(typed);
  const digits = (text: string) => text.replace(/\D/g, '');
  const phone = readPhone(typed, countryCode);
  return digits(shown) !== '' && [digits(typed), phone.national, phone.dialled].includes(digits(shown));
};
