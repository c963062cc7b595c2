import { cardPartOf } from '../card/card-fields.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { type BuyerField, type BuyerValues, type OtherField, isBuyerMeaning } from '../buyer/buyer-values.js';
import { type FieldMeaning, meaningOf } from '../page/field-meaning.js';
import { type PageField, readFields } from '../page/fields.js';
import { countryName, countryOption } from '../page/places.js';
import { isRunStopped } from '../../strategy/run-stopped.js';
import { type PhoneForm, holdsText, optionFor, textFor } from '../buyer/form-values.js';
import { collapse } from '../page/controls.js';
import { normal } from '../page/words.js';
import { type BrowserDriver, blocked } from './driver.js';

interface MappedField {
  readonly field: PageField;
  readonly meaning: FieldMeaning;
}

const describe = (field: PageField): string => field.label || field.placeholder || field.name || 'unnamed';

/** A required field of the shop's own (a delivery day), asked of the user by its label, with a select's options as the choices. */
const otherField = (field: PageField): OtherField => {
  const title = describe(field).replace(/\s*\*\s*$/, '');
  return {
    key: normal(title).replace(/ /g, '_') || field.name,
    title,
    choices: field.options.filter((option) => option.value !== '' && !option.disabled).map((option) => option.label),
  };
};

/**
 * What a field should end up showing: a select's option, the text typed (as the page may
 * reformat it), or, for a list drawn behind a button, the option naming the value once opened.
 */
type Target = { readonly index: number } | { readonly text: string } | { readonly popup: true };

interface Todo {
  readonly mapped: MappedField;
  readonly value: string;
}

/** How this form asks for the phone: without the calling code when it has a calling-code select, as dialled at home for a national field. */
const phoneForm = (fields: readonly MappedField[], field: PageField, retry: boolean): PhoneForm => {
  if (fields.some(({ meaning, field: other }) => meaning === 'phoneCountryCode' && other.tag === 'select'))
    return 'national';
  return retry || /\btel-national\b/.test(field.autocomplete) ? 'dialled' : 'asGiven';
};

const targetOf = (
  { field, meaning }: MappedField,
  value: string,
  countryCode: string | undefined,
  phone: PhoneForm,
): Target | null => {
  if (field.popup) return { popup: true };
  if (field.tag !== 'select')
    return { text: textFor(meaning, value, countryCode, { combobox: field.combobox, phone }) };
  const index = optionFor(meaning, value, countryCode, field.options);
  return index < 0 || field.options[index]?.disabled ? null : { index };
};

/** Whether the field shows the target, and the browser takes it as valid (a pattern, a length). */
const holds = (
  { field, meaning }: MappedField,
  target: Target,
  value: string,
  countryCode: string | undefined,
): boolean =>
  'index' in target
    ? field.selectedIndex === target.index
    : 'popup' in target
      ? field.value !== '' && optionFor(meaning, value, countryCode, [{ label: field.value, value: field.value }]) === 0
      : !field.invalid && holdsText(meaning, field.value, meaning === 'phone' ? value : target.text, countryCode);

/** How long setting one field may take: a field its form redrew away is found again on the next pass. */
const ACTION_MS = 3_000;

/** A field was set, or the list it opened has no option naming the value. */
type SetResult = 'set' | 'no option';

/**
 * Sets a field the way a person does: picks the option of a select; types into a text field and
 * leaves it (the change a shop may act on: a ZIP code that fetches rates); in a field that
 * suggests values, picks the suggestion that names the place; opens a list drawn behind a
 * button and clicks the option that names the value.
 */
const setField = async (
  driver: BrowserDriver,
  mapped: MappedField,
  target: Target,
  value: string,
  countryCode: string | undefined,
): Promise<SetResult> => {
  const { field } = mapped;
  if ('index' in target) {
    await field.locator.selectOption({ index: target.index }, { timeout: ACTION_MS });
    return 'set';
  }
  if ('popup' in target) {
    await field.locator.click({ timeout: ACTION_MS });
    if (await pickFromList(driver, mapped, value, value, countryCode)) return 'set';
    await driver.page.keyboard.press('Escape');
    return 'no option';
  }
  await field.locator.fill(target.text, { timeout: ACTION_MS });
  if (field.combobox) await pickFromList(driver, mapped, target.text, value, countryCode);
  await field.locator.blur({ timeout: ACTION_MS }).catch(() => undefined);
  return 'set';
};

/**
 * Clicks the option of the list a field opened (a combobox's suggestions, a script-drawn
 * select) that names the buyer's value (a place by code or name), else says the text typed;
 * whether there was one.
 */
const pickFromList = async (
  driver: BrowserDriver,
  { field, meaning }: MappedField,
  text: string,
  value: string,
  countryCode: string | undefined,
): Promise<boolean> => {
  await driver.settle();
  // The list the field names as its own, else the listbox it opened (select2's trigger names its text, not its list).
  const owned = await field.locator.getAttribute('aria-controls').catch(() => null);
  const optionsShown = async () => {
    const own = owned ? driver.page.locator(`[id="${owned}"] [role=option]`) : null;
    return own && (await own.count()) > 0 ? own : driver.page.locator('[role=listbox] [role=option]');
  };
  // A list drawn behind a button a moment after the click (a busy page) is waited for.
  if (field.popup && (await (await optionsShown()).count()) === 0)
    await driver.page
      .locator('[role=listbox] [role=option]')
      .first()
      .waitFor({ state: 'visible', timeout: ACTION_MS })
      .catch(() => undefined);
  const list = await optionsShown();
  const options: { label: string; value: string }[] = [];
  for (let index = 0; index < (await list.count()); index++) {
    const option = list.nth(index);
    if ((await option.isVisible()) && (await option.getAttribute('aria-disabled')) !== 'true')
      options.push({ label: collapse(await option.innerText()), value: String(index) });
  }
  const wanted = optionFor(meaning, value, countryCode, options);
  const chosen = wanted >= 0 ? options[wanted] : options.find((option) => normal(option.label) === normal(text));
  if (chosen) await list.nth(Number(chosen.value)).click({ timeout: ACTION_MS });
  return chosen !== undefined;
};

/** The buyer's country is not among the shop's: it does not deliver there. */
const countryNotListed = (
  fields: readonly MappedField[],
  buyer: BuyerValues,
  where: string,
): StrategyOutcome | null => {
  const country = fields.find(({ field, meaning }) => meaning === 'country' && field.tag === 'select' && !field.popup);
  const code = buyer.get('countryCode');
  if (!country || code === undefined || countryOption(country.field.options, code) >= 0) return null;
  const listed = country.field.options.filter((option) => option.value !== '').map((option) => option.label);
  return blocked(
    'merchant.fulfillment_unavailable',
    `The shop does not deliver to ${countryName(code)}: the country list at ${where} offers only ${listed.join(', ') || 'nothing'}; nothing was bought.`,
  );
};

/**
 * Fills the buyer's details into the fields of the page that ask for them, by what each field
 * means (autocomplete tokens, labels, placeholders, names). It asks the user only for values a
 * field needs (marked required, or one no checkout does without) that the run does not have, and
 * leaves optional fields it has nothing for. Payment and card fields are never touched here.
 */
export const fillBuyerDetails = async (driver: BrowserDriver, buyer: BuyerValues): Promise<StrategyOutcome | null> => {
  const { page, context } = driver;
  const where = page.url();
  const described = await describeFields(driver);
  const fields = described.filter(({ meaning }) => isBuyerMeaning(meaning));
  const others = described.filter(({ field, meaning }) => meaning === 'other' && field.required && field.value === '');
  if (fields.length === 0 && others.length === 0) return null;
  const unlisted = countryNotListed(fields, buyer, where);
  if (unlisted) return unlisted;
  const missing = [...new Set(fields.flatMap(({ field, meaning }): BuyerField[] => buyer.missingFor(meaning, field)))];
  const asked = others.map(({ field }) => otherField(field)).filter((other) => buyer.other(other.key) === undefined);
  if ((missing.length > 0 || asked.length > 0) && !(await buyer.ask(context, missing, where, asked))) {
    return blocked(
      'merchant.no_safe_path',
      `The checkout form at ${where} needs details that were not given (${[...missing, ...asked.map((other) => other.title)].join(', ')}); nothing was bought.`,
    );
  }
  const askedCountry = countryNotListed(fields, buyer, where);
  if (askedCountry) return askedCountry;
  const splitName = fields.some(({ meaning }) => meaning === 'givenName');
  const allLines = !fields.some(({ meaning }) => meaning === 'line2');
  const wanted = (mapped: MappedField): string | undefined =>
    mapped.meaning === 'other'
      ? buyer.other(otherField(mapped.field).key)
      : mapped.meaning === 'fullName' && splitName
        ? undefined
        : buyer.valueFor(mapped.meaning, { allLines });
  // A form may redraw itself (a script that takes over the page) or refuse a format: what it did not keep is set once more.
  for (let pass = 0; pass < 3; pass++) {
    const now = pass === 0 ? described : await describeFields(driver);
    const todo = now
      .filter(({ field, meaning }) => isBuyerMeaning(meaning) || (meaning === 'other' && field.required))
      .flatMap((mapped): Todo[] => {
        const value = wanted(mapped);
        return value === undefined ? [] : [{ mapped, value }];
      });
    const country = buyer.get('countryCode');
    const open = todo.flatMap((entry): (Todo & { readonly target: Target | null })[] => {
      const target = targetOf(entry.mapped, entry.value, country, phoneForm(now, entry.mapped.field, pass > 0));
      if (!target) return entry.mapped.field.optional && !entry.mapped.field.required ? [] : [{ ...entry, target }];
      return holds(entry.mapped, target, entry.value, country) ? [] : [{ ...entry, target }];
    });
    if (open.length === 0) return null;
    if (pass === 2)
      return blocked(
        'merchant.checkout_error',
        `The checkout form at ${where} did not keep the values set in ${open.map(({ mapped }) => describe(mapped.field)).join(', ')}; nothing was bought.`,
      );
    await driver.step(
      `${pass === 0 ? "Fill in the buyer's details" : 'Fill in again what the page did not keep'} (${open.map(({ mapped }) => describe(mapped.field)).join(', ')})`,
    );
    // The country first: choosing it may change the region field the form shows.
    open.sort((a, b) => Number(b.mapped.meaning === 'country') - Number(a.mapped.meaning === 'country'));
    for (const { mapped, value, target } of open) {
      if (!target)
        return blocked(
          'merchant.no_safe_path',
          `The "${describe(mapped.field)}" list at ${where} has no option for ${value}; nothing was bought.`,
        );
      const result = await setField(driver, mapped, target, value, country).catch((error: unknown) => {
        if (isRunStopped(error)) throw error;
        // A field that went away (the form redrawn) is found again on the next pass.
        return 'set' as const;
      });
      if (result === 'no option')
        return mapped.meaning === 'country'
          ? blocked(
              'merchant.fulfillment_unavailable',
              `The shop does not deliver to ${countryName(value)}: the country list at ${where} does not offer it; nothing was bought.`,
            )
          : blocked(
              'merchant.no_safe_path',
              `The "${describe(mapped.field)}" list at ${where} has no option for ${value}; nothing was bought.`,
            );
    }
    await driver.settle();
  }
  return null;
};

/** The page's fields outside sign-in forms, with what each asks for. */
const describeFields = async (driver: BrowserDriver): Promise<MappedField[]> =>
  (await driver.read(readFields))
    .filter((field) => !field.inSignInForm && cardPartOf(field) === null)
    .map((field) => ({ field, meaning: meaningOf(field) }));
