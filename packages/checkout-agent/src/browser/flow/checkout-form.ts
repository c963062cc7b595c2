import type { Locator, Page } from 'playwright-core';
import type { CheckoutParty } from '../../agentic-checkout/buyer-details.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { firstVisible } from '../page/controls.js';
import { type BrowserDriver, blocked } from './driver.js';

/** A form field, found by its HTML autocomplete token first (what browsers autofill by), then by common names. */
const FIELDS = {
  fullName: ['[autocomplete="name"]', 'input[name=name]', 'input[name=full_name]'],
  givenName: ['[autocomplete="given-name"]', 'input[name=first_name]', 'input[name=firstName]'],
  familyName: ['[autocomplete="family-name"]', 'input[name=last_name]', 'input[name=lastName]'],
  email: ['[autocomplete="email"]', 'input[type=email]', 'input[name=email]'],
  phone: ['[autocomplete="tel"]', 'input[type=tel]', 'input[name=phone]'],
  line1: ['[autocomplete="address-line1"]', '[autocomplete="street-address"]', 'input[name=address1]', 'input[name=address]'],
  line2: ['[autocomplete="address-line2"]', 'input[name=address2]'],
  city: ['[autocomplete="address-level2"]', 'input[name=city]'],
  region: ['[autocomplete="address-level1"]', '[name=state]', '[name=region]', '[name=province]'],
  postalCode: ['[autocomplete="postal-code"]', 'input[name=postal_code]', 'input[name=zip]', 'input[name=postcode]'],
  country: ['[autocomplete="country"]', '[autocomplete="country-name"]', 'select[name=country]', 'input[name=country]'],
} as const;
type Field = keyof typeof FIELDS;

const find = (scope: Page | Locator, field: Field): Promise<Locator | null> => firstVisible(FIELDS[field].map((selector) => scope.locator(selector)));

/** Types into an input, or picks in a select by value (a country or state code) and else by label. */
const setValue = async (field: Locator, value: string): Promise<boolean> => {
  if ((await field.evaluate((element) => element.tagName)) !== 'SELECT') {
    await field.fill(value);
    return true;
  }
  const options = await field.locator('option').evaluateAll((elements) =>
    elements.map((element) => {
      const option = element as unknown as { value: string; textContent: string | null };
      return { value: option.value, label: option.textContent?.trim() ?? '' };
    }),
  );
  const wanted = value.toLowerCase();
  const option = options.find((candidate) => candidate.value.toLowerCase() === wanted) ?? options.find((candidate) => candidate.label.toLowerCase() === wanted);
  if (!option) return false;
  await field.selectOption(option.value);
  return true;
};

/** The buyer's details as the fields want them. */
const valuesOf = ({ buyer, address }: CheckoutParty): Partial<Record<Field, string>> => ({
  fullName: `${buyer.first_name} ${buyer.last_name ?? ''}`.trim(),
  givenName: buyer.first_name,
  ...(buyer.last_name ? { familyName: buyer.last_name } : {}),
  email: buyer.email,
  ...(buyer.phone_number ? { phone: buyer.phone_number } : {}),
  line1: address.line_one,
  ...(address.line_two ? { line2: address.line_two } : {}),
  city: address.city,
  ...(address.state ? { region: address.state } : {}),
  postalCode: address.postal_code,
  country: address.country,
});

const REQUIRED: readonly Field[] = ['email', 'line1', 'city', 'postalCode', 'country'];

/**
 * Fills the checkout form (contact and shipping address) with the buyer's details and sends
 * it; a form the shop sends back with fields marked invalid stops the run, naming them.
 */
export const fillCheckoutForm = async (driver: BrowserDriver, party: CheckoutParty): Promise<StrategyOutcome | null> => {
  const { page } = driver;
  const line1 = await find(page, 'line1');
  const form = line1 ? line1.locator('xpath=ancestor::form[1]') : null;
  if (!line1 || !form || (await form.count()) === 0) return blocked('merchant.no_safe_path', `No checkout form with a shipping address was found at ${page.url()}; nothing was bought.`);
  const values = valuesOf(party);
  const missing: Field[] = [];
  // A country chosen first may change which region field the form shows.
  for (const name of ['country', ...Object.keys(FIELDS).filter((key) => key !== 'country')] as Field[]) {
    const value = values[name];
    const field = await find(form, name);
    if (value === undefined || !field) {
      if (REQUIRED.includes(name) && !field) missing.push(name);
      continue;
    }
    if (name === 'fullName' && (await find(form, 'givenName'))) continue;
    if (!(await setValue(field, value)) && REQUIRED.includes(name)) missing.push(name);
  }
  if (!(await find(form, 'fullName')) && !(await find(form, 'givenName'))) missing.push('fullName');
  if (missing.length > 0) return blocked('merchant.no_safe_path', `The checkout form at ${page.url()} could not be filled in (${missing.join(', ')}); nothing was bought.`);
  const submit = await firstVisible([form.locator('button[type=submit], input[type=submit]'), form.getByRole('button')]);
  if (!submit) return blocked('merchant.no_safe_path', `The checkout form at ${page.url()} has no button to continue; nothing was bought.`);
  await driver.step("Fill in the buyer's contact details and shipping address, and continue");
  await driver.press(submit);
  const wall = await driver.wall();
  if (wall) return wall;
  const invalid = await page.locator('[aria-invalid=true]').evaluateAll((elements) => elements.map((element) => element.getAttribute('name') ?? element.id));
  if (invalid.length > 0) {
    return blocked('merchant.checkout_error', `The shop did not accept the buyer's details (${invalid.join(', ')}); nothing was bought.`);
  }
  return null;
};
