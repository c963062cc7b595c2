import type { Locator } from 'playwright-core';
import type { VirtualCard } from '../../strategy/strategy-port.js';
import type { PageField } from '../page/fields.js';
import { normal } from '../page/words.js';
import type { CardField } from './card-fields.js';

/** The attribute that marks a field holding card data: screenshots and page summaries leave it out. */
export const CARD_MARK = 'data-paykit-card';

/**
 * Hides a card field's value from every picture of the page before anything is typed into it:
 * its text is drawn as discs and transparent, a select's chosen option too. The live view's
 * screencast and the step screenshots see the page as drawn, inside frames too.
 */
export const maskCardField = async (locator: Locator): Promise<void> => {
  await locator.evaluate((element, mark) => {
    const field = element as unknown as {
      setAttribute(name: string, value: string): void;
      style: { setProperty(name: string, value: string, priority: string): void };
    };
    field.setAttribute(mark, '');
    for (const [property, value] of [
      ['-webkit-text-security', 'disc'],
      ['color', 'transparent'],
      ['text-shadow', 'none'],
      ['caret-color', 'transparent'],
    ] as const)
      field.style.setProperty(property, value, 'important');
  }, CARD_MARK);
};

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const two = (value: number): string => String(value).padStart(2, '0');

/** The expiry as a one-field form wants it: "MM/YYYY" where it asks for four digits, "MMYY" in four characters, else "MM / YY" or "MM/YY". */
export const expiryText = (
  field: Pick<PageField, 'placeholder' | 'label'>,
  maxLength: number,
  card: VirtualCard,
): string => {
  const hint = `${field.placeholder} ${field.label}`.toLowerCase();
  const month = two(card.expMonth);
  const year = String(card.expYear);
  if (/yyyy|jjjj|aaaa/.test(hint) || maxLength >= 9) return `${month}/${year}`;
  if (maxLength === 4) return `${month}${year.slice(2)}`;
  if (/mm \/ yy/.test(hint) || maxLength === 7) return `${month} / ${year.slice(2)}`;
  return `${month}/${year.slice(2)}`;
};

type Option = PageField['options'][number];

/** The option of a month select for the card's month: by number ("3", "03") or name ("March", "Mar"). */
export const monthOption = (options: readonly Option[], month: number): Option | undefined => {
  const enabled = options.filter((option) => !option.disabled && option.value !== '');
  const name = MONTH_NAMES[month - 1] ?? '';
  return (
    enabled.find((option) =>
      [option.value, option.label].some((text) => /^\d+$/.test(text.trim()) && Number(text) === month),
    ) ??
    enabled.find((option) => normal(option.label).startsWith(name)) ??
    enabled.find((option) =>
      normal(option.label)
        .split(' ')
        .some((word) => word === two(month) || word === String(month)),
    )
  );
};

/** The option of a year select for the card's year, written with two or four digits. */
export const yearOption = (options: readonly Option[], year: number): Option | undefined => {
  const wanted = [String(year), String(year).slice(2)];
  return options.find(
    (option) => !option.disabled && [option.value.trim(), normal(option.label)].some((text) => wanted.includes(text)),
  );
};

const BRAND_WORDS: Readonly<Record<VirtualCard['brand'], RegExp>> = {
  visa: /\bvisa\b/,
  mastercard: /\bmaster ?card\b|\bmc\b/,
};

/** The option of a card-type select that names the card's brand. */
export const brandOption = (options: readonly Option[], brand: VirtualCard['brand']): Option | undefined =>
  options.find(
    (option) => !option.disabled && [option.value, option.label].some((text) => BRAND_WORDS[brand].test(normal(text))),
  );

const choose = async (field: PageField, option: Option | undefined): Promise<boolean> => {
  if (!option) return false;
  await field.locator.selectOption({ value: option.value });
  return true;
};

/**
 * Types the card into the fields that take it (and only those), each masked first. Returns the
 * parts it could not put in (a select without the card's month, year or brand), empty when the
 * card went in whole.
 */
export const typeCard = async (fields: readonly CardField[], card: VirtualCard): Promise<string[]> => {
  const missed: string[] = [];
  for (const { field } of fields) await maskCardField(field.locator);
  for (const { part, field } of fields) {
    const select = field.tag === 'select';
    if (part === 'number') await field.locator.fill(card.number);
    else if (part === 'cvc') await field.locator.fill(card.cvc);
    else if (part === 'holder') {
      if (select) missed.push('name on card');
      else await field.locator.fill(card.cardholderName);
    } else if (part === 'type') {
      if (select && !(await choose(field, brandOption(field.options, card.brand)))) missed.push('card type');
    } else if (part === 'month') {
      if (!(await choose(field, monthOption(field.options, card.expMonth)))) missed.push('expiry month');
    } else if (part === 'year') {
      if (!(await choose(field, yearOption(field.options, card.expYear)))) missed.push('expiry year');
    } else {
      const maxLength = await field.locator.evaluate(
        (element) => (element as unknown as { maxLength: number }).maxLength,
      );
      await field.locator.fill(expiryText(field, maxLength, card));
    }
  }
  return missed;
};
