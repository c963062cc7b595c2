import type { Page } from 'playwright-core';
import { type PageField, readFields } from '../page/fields.js';
import { normal } from '../page/words.js';

/** What a card field of a shop's form takes. */
export type CardPart = 'number' | 'expiry' | 'month' | 'year' | 'cvc' | 'holder' | 'type';

/** A card field found on the page or in one of its frames. */
export interface CardField {
  readonly part: CardPart;
  readonly field: PageField;
}

/** HTML autocomplete tokens for card data, after any section prefix. */
const AUTOCOMPLETE: Readonly<Record<string, CardPart>> = {
  'cc-number': 'number',
  'cc-exp': 'expiry',
  'cc-exp-month': 'month',
  'cc-exp-year': 'year',
  'cc-csc': 'cvc',
  'cc-name': 'holder',
  'cc-type': 'type',
};

/** A month or year select counts as the card's only where its words speak of the card or its expiry. */
const CARD_CONTEXT = /\bexp|\bcard\b|\bcc\b|\bvalid\b|\bablauf|\bgultig/;

/** Fields about cards that are not the payment card: a gift card's number is never the run's card. */
const NOT_A_CARD = /\bgift ?card\b|\bcoupon\b|\bvoucher\b|\bpromo\b|\bloyalty\b|\bmembership\b/;

const PHONE = /\bphone\b|\btelephone\b|\bmobile\b|\btelefon\b|\btel\b/;

/** By the words of a field's label, placeholder, aria-label, name and id, in this order of precedence. */
const WORDS: readonly (readonly [RegExp, CardPart])[] = [
  [/\bname on (the )?card\b|\bcard ?holder\b|\bcc ?name\b|\bkarteninhaber\b|\bholder name\b/, 'holder'],
  [/\bcard ?(type|brand)\b|\bcc ?type\b|\bkartentyp\b/, 'type'],
  [
    /\bcvc2?\b|\bcvv2?\b|\bcsc\b|\bcid\b|\bsecurity ?code\b|\bcard ?code\b|\bverification ?(code|number)\b|\bprufnummer\b/,
    'cvc',
  ],
  [/\bmonth\b|\bexp ?mm\b|\bexp ?m\b|\bmonat\b/, 'month'],
  [/\byear\b|\bexp ?yy(yy)?\b|\bexp ?y\b|\bjahr\b/, 'year'],
  [
    /\bexp(iry|iration|ires|ire)?\b|\bmm ?yy(yy)?\b|\bvalid (thru|through|until)\b|\bablaufdatum\b|\bgultig bis\b/,
    'expiry',
  ],
  [
    /\bcard ?(number|no|num|nr)\b|\bcc ?(num|number|no)\b|\bcardno\b|\bcardnumber\b|\bkartennummer\b|\bcredit card\b|\bdebit card\b/,
    'number',
  ],
];

/** The month or the year of the expiry a select takes, by its other words (name "cc_exp_month"). */
const expiryPartOf = (described: string): CardPart | null =>
  WORDS.find(([pattern, part]) => (part === 'month' || part === 'year') && pattern.test(described))?.[1] ?? null;

const words = (text: string): string => normal(text.replace(/([a-z])([A-Z])/g, '$1 $2'));

/** What card datum a field takes, or null when it means none (then nothing of the card goes in). */
export const cardPartOf = (
  field: Pick<PageField, 'tag' | 'type' | 'autocomplete' | 'label' | 'placeholder' | 'name' | 'id'>,
): CardPart | null => {
  const token = field.autocomplete
    .split(/\s+/)
    .filter((part) => !/^(section-|billing$|shipping$)/.test(part))
    .pop();
  const byToken = token ? AUTOCOMPLETE[token] : undefined;
  if (byToken) return byToken;
  if (field.type === 'password' || field.type === 'email') return null;
  const described = [field.label, field.placeholder, field.name, field.id].map(words).join(' | ');
  // Card fields are often type=tel for the numeric keyboard (WooCommerce's are); a phone is no card.
  if (field.type === 'tel' && PHONE.test(described)) return null;
  if (NOT_A_CARD.test(described)) return null;
  for (const text of [words(field.label), words(field.placeholder), described]) {
    if (!text.trim()) continue;
    const found = WORDS.find(([pattern]) => pattern.test(text));
    if (!found) continue;
    const [, part] = found;
    if ((part === 'month' || part === 'year') && (field.tag !== 'select' || !CARD_CONTEXT.test(described))) continue;
    // One select is never the whole expiry: under a shared "Expiration Date" label it is its month or its year.
    if (part === 'expiry' && field.tag === 'select') return expiryPartOf(described);
    return part;
  }
  return null;
};

/** The card fields of the page and all its frames (a processor's fields are often one frame each). */
export const readCardFields = async (page: Page): Promise<CardField[]> =>
  (await readFields(page)).flatMap((field) => {
    const part = cardPartOf(field);
    return part ? [{ part, field }] : [];
  });

/** A card form the runner can pay with: a number, an expiry (one field or month and year) and a CVC. */
export const isCardForm = (fields: readonly CardField[]): boolean => {
  const has = (part: CardPart) => fields.some((field) => field.part === part);
  return has('number') && has('cvc') && (has('expiry') || (has('month') && has('year')));
};
