import { normal } from './words.js';
import type { PageField } from './fields.js';

/** What a checkout field asks for. `card` and `password` are never typed into; `other` is left alone. */
export type FieldMeaning =
  | 'fullName'
  | 'givenName'
  | 'familyName'
  | 'email'
  | 'phone'
  | 'phoneCountryCode'
  | 'line1'
  | 'line2'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'paymentToken'
  | 'card'
  | 'password'
  | 'other';

/** HTML autocomplete detail tokens (what browsers autofill by), after any section and shipping/billing prefix. */
const AUTOCOMPLETE: Readonly<Record<string, FieldMeaning>> = {
  name: 'fullName',
  'given-name': 'givenName',
  'family-name': 'familyName',
  email: 'email',
  tel: 'phone',
  'tel-national': 'phone',
  'tel-country-code': 'phoneCountryCode',
  'street-address': 'line1',
  'address-line1': 'line1',
  'address-line2': 'line2',
  'address-level2': 'city',
  'address-level1': 'region',
  'postal-code': 'postalCode',
  country: 'country',
  'country-name': 'country',
  'payment-token': 'paymentToken',
  'current-password': 'password',
  'new-password': 'password',
  organization: 'other',
};

/** By the words of a field's label, placeholder, name and id, in this order of precedence (an "Email address" is no address). */
const WORDS: readonly (readonly [RegExp, FieldMeaning])[] = [
  [/\btoken\b/, 'paymentToken'],
  [
    /\bcard ?(number|no|holder)\b|\bcc ?(num|number)\b|\bcvc\b|\bcvv\b|\bcsc\b|security code|\bexpir|\bmm ?yy\b|name on card|\bcardno\b/,
    'card',
  ],
  [/\be ?mail\b/, 'email'],
  [/\b(country|dial(l?ing)?|calling|phone) ?code\b|\bdial(l?ing)? prefix\b/, 'phoneCountryCode'],
  [/\bphone\b|\bmobile\b|\btelephone\b|\btel\b|\btelefon\b|\bhandy\b|\btelefono\b/, 'phone'],
  [
    /\bcoupon\b|\bpromo\b|\bdiscount\b|gift ?card|\bvoucher\b|\bsearch\b|\bcompany\b|organi[sz]ation|\bnotes?\b|\binstructions\b|\bcomments?\b/,
    'other',
  ],
  [/\bfirst ?name\b|\bgiven ?name\b|\bforename\b|\bfname\b|^first$|\bvorname\b|\bprenom\b/, 'givenName'],
  [
    /\blast ?name\b|\bsurname\b|\bfamily ?name\b|\blname\b|\bsname\b|^last$|\bnachname\b|\bfamilienname\b|\bnom de famille\b|\bapellidos?\b|^nom$/,
    'familyName',
  ],
  [
    /\baddress ?(line )?2\b|\bline ?2\b|\bapt\b|\bapartment\b|\bsuite\b|\bunit\b|\bflat\b|\bbuilding\b|\bmore address\b|\baddr ?2\b|\bad2\b|\badresszusatz\b|\bcomplement\b|\bcomplemento\b/,
    'line2',
  ],
  [
    /\bzip\b|\bpostal\b|\bpost ?code\b|\bpostcode\b|\bplz\b|\bpostleitzahl\b|\bcode postal\b|\bcodigo postal\b/,
    'postalCode',
  ],
  [/\bcity\b|\btown\b|\bsuburb\b|\blocality\b|\bort\b|\bstadt\b|\bville\b|\bciudad\b|\blocalidad\b/, 'city'],
  // Shopify's "Country/region" is the country.
  [/\bcountry (or )?region\b/, 'country'],
  [/\bstate\b|\bprovince\b|\bregion\b|\bcounty\b|\bprefecture\b|\bbundesland\b|\bstaat\b|\bprovincia\b/, 'region'],
  [/\bcountry\b|^land$|\bpays\b|\bpais\b/, 'country'],
  [
    /\baddress\b|\bstreet\b|\baddr\b|\bline ?1\b|\bhouse\b|\bad1\b|\bstrasse\b|\bhausnummer\b|\badresse\b|\bdireccion\b|\brue\b/,
    'line1',
  ],
  [/\bname\b|\brecipient\b|\bnombre\b/, 'fullName'],
];

/** "shipping_firstName-2" -> "shipping first name 2". */
const words = (text: string): string => normal(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/ß/g, 'ss'));

/** What a field asks for: its autocomplete token first, then the words around it. */
export const meaningOf = (
  field: Pick<PageField, 'type' | 'autocomplete' | 'label' | 'placeholder' | 'name' | 'id'>,
): FieldMeaning => {
  const token = field.autocomplete
    .split(/\s+/)
    .filter((part) => !/^(section-|shipping$|billing$|home$|work$|mobile$|fax$|pager$)/.test(part))
    .pop();
  const byToken = token ? AUTOCOMPLETE[token] : undefined;
  if (byToken) return byToken;
  if (token?.startsWith('cc-')) return 'card';
  if (field.type === 'email') return 'email';
  if (field.type === 'tel') return 'phone';
  const described = ` ${words(field.label)} | ${words(field.placeholder)} | ${words(field.name)} | ${words(field.id)} `;
  // The label speaks for the field when it is clear; names and ids are the shop's own shorthand.
  for (const text of [words(field.label), words(field.placeholder), described]) {
    if (!text.trim()) continue;
    const found = WORDS.find(([pattern]) => pattern.test(text));
    if (found)
      return found[1] === 'other' || field.type !== 'password' || found[1] === 'paymentToken' ? found[1] : 'password';
  }
  return field.type === 'password' ? 'password' : 'other';
};
