import { normal } from './words.js';

/** US states and DC by their postal codes: region selects list them by code, by name, or both. */
const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Other names shops give countries than the one Intl gives. */
const COUNTRY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  US: ['united states of america', 'usa', 'u s a', 'u s', 'america'],
  GB: ['great britain', 'uk', 'u k', 'england', 'united kingdom of great britain and northern ireland'],
  NL: ['holland', 'the netherlands'],
  KR: ['south korea', 'korea'],
  CZ: ['czech republic', 'czechia'],
};

/** Country names as English, German, French and Spanish shops write them. */
const regionNames = ['en', 'de', 'fr', 'es'].map((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** A region as ISO 3166-2 writes it ("US-CA") or as a bare code ("CA"): its country, when it says, and its own code. */
export const subdivision = (
  region: string,
  countryCode: string | undefined,
): { readonly country: string | undefined; readonly code: string } => {
  const iso = /^([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/.exec(region.trim());
  return iso
    ? { country: iso[1]!.toUpperCase(), code: iso[2]!.toUpperCase() }
    : { country: countryCode?.toUpperCase(), code: region.trim().toUpperCase() };
};

/** The name of a region where it is known ("US-CA" or "CA" in the US -> "California"). */
export const regionName = (region: string, countryCode: string | undefined): string | undefined => {
  const { country, code } = subdivision(region, countryCode);
  return country === undefined || country === 'US' ? US_STATES[code] : undefined;
};

/** How an option names a place: exactly (3), by its code in brackets or before a dash ("United States (US)", "CA — California": 2), or not (0). */
const optionScore = (label: string, value: string, code: string, names: readonly string[]): number => {
  const text = normal(label);
  const wanted = names.map(normal);
  if (
    value.trim().toUpperCase() === code ||
    text === code.toLowerCase() ||
    wanted.includes(text) ||
    wanted.includes(normal(value))
  )
    return 3;
  // A code or short alias first or last: "United States (US)", "CA — California", "Vereinigte Staaten (USA)".
  const codes = [code.toLowerCase(), ...wanted.filter((name) => name.length <= 3 && !name.includes(' '))];
  const words = text.split(' ');
  if (codes.includes(words[0] ?? '') || codes.includes(words.at(-1) ?? '')) return 2;
  return 0;
};

/** The index of the option that names the place best, or -1 when none does. */
const bestOption = (
  options: readonly { readonly label: string; readonly value: string }[],
  code: string,
  names: readonly string[],
): number => {
  let best = -1;
  let bestScore = 0;
  options.forEach((option, index) => {
    const score = optionScore(option.label, option.value, code, names);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return best;
};

/** The names of a country code in the shops' languages; none for what is not a two-letter code. */
const namesOf = (code: string): string[] =>
  /^[A-Za-z]{2}$/.test(code) ? regionNames.flatMap((names) => names.of(code.toUpperCase()) ?? []) : [];

/** The English name of a country code ("US" -> "United States"). */
export const countryName = (code: string): string => namesOf(code)[0] ?? code;

/** The option of a country select that is this country (by code, name or a common alias); -1 when the shop does not list it. */
export const countryOption = (
  options: readonly { readonly label: string; readonly value: string }[],
  code: string,
): number =>
  bestOption(options, code.toUpperCase(), [...namesOf(code), ...(COUNTRY_ALIASES[code.toUpperCase()] ?? [])]);

/** The option of a region select that is this region ("US-CA" or "CA": a US state by code, name or ISO code; elsewhere by code). */
export const regionOption = (
  options: readonly { readonly label: string; readonly value: string }[],
  region: string,
  countryCode: string | undefined,
): number => {
  const { country, code } = subdivision(region, countryCode);
  const name = regionName(region, countryCode);
  const iso = country ? `${country}-${code}` : region;
  return bestOption(options, code, name ? [name, iso] : [iso]);
};
