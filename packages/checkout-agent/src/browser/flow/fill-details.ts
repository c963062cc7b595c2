import { cardPartOf } from '../card/card-fields.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { type BuyerField, type BuyerValues, type OtherField, isBuyerMeaning } from '../buyer/buyer-values.js';
import { type FieldMeaning, meaningOf } from '../page/field-meaning.js';
import { type PageField, readFields } from '../page/fields.js';
import { countryName, countryOption, regionOption } from '../page/places.js';
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

/** Types into an input, or picks the option of a select that says the value (a country or state by code or name). */
const setField = async (
  { field, meaning }: MappedField,
  value: string,
  countryCode: string | undefined,
): Promise<boolean> => {
  if (field.tag !== 'select') {
    if (field.value === value) return true;
    await field.locator.fill(value);
    // Leaving the field, as a person tabbing on does, fires the change a shop may act on (a ZIP code that fetches shipping rates).
    await field.locator.blur().catch(() => undefined);
    return true;
  }
  const wanted = value.trim().toLowerCase();
  const index =
    meaning === 'country'
      ? countryOption(field.options, value)
      : meaning === 'region'
        ? regionOption(field.options, value, countryCode)
        : field.options.findIndex(
            (option) => option.value.toLowerCase() === wanted || option.label.toLowerCase() === wanted,
          );
  if (index < 0 || field.options[index]?.disabled) return false;
  await field.locator.selectOption({ index });
  return true;
};

/** The buyer's country is not among the shop's: it does not deliver there. */
const countryNotListed = (
  fields: readonly MappedField[],
  buyer: BuyerValues,
  where: string,
): StrategyOutcome | null => {
  const country = fields.find(({ field, meaning }) => meaning === 'country' && field.tag === 'select');
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
  const described = (await readFields(page))
    .filter((field) => !field.inSignInForm && cardPartOf(field) === null)
    .map((field) => ({ field, meaning: meaningOf(field) }));
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
  const todo = [
    ...fields
      .filter(({ meaning }) => !(meaning === 'fullName' && splitName))
      .map((mapped) => ({ mapped, value: buyer.valueFor(mapped.meaning, { allLines }) })),
    ...others.map((mapped) => ({ mapped, value: buyer.other(otherField(mapped.field).key) })),
  ].filter(
    (entry): entry is { mapped: MappedField; value: string } =>
      entry.value !== undefined && entry.value !== entry.mapped.field.value,
  );
  if (todo.length === 0) return null;
  await driver.step(`Fill in the buyer's details (${todo.map(({ mapped }) => describe(mapped.field)).join(', ')})`);
  // The country first: choosing it may change the region field the form shows.
  todo.sort((a, b) => Number(b.mapped.meaning === 'country') - Number(a.mapped.meaning === 'country'));
  for (const { mapped, value } of todo) {
    if (await setField(mapped, value, buyer.get('countryCode'))) continue;
    if (mapped.field.required || !mapped.field.optional) {
      return blocked(
        'merchant.no_safe_path',
        `The "${describe(mapped.field)}" list at ${where} has no option for ${value}; nothing was bought.`,
      );
    }
  }
  await driver.settle();
  return null;
};
