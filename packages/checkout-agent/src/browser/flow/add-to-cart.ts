import type { Locator } from 'playwright-core';
import type { PageProduct, ProductVariant } from '../../merchant-page/structured-data.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, control, firstVisible } from '../page/controls.js';
import { problemOfMessage } from '../page/page-problems.js';
import { type BrowserDriver, blocked } from './driver.js';

const ADD = /\b(add to (cart|bag|basket)|buy now|out of stock|sold out|unavailable)\b/i;
const UNAVAILABLE = /\b(out of stock|sold out|unavailable)\b/i;

interface OptionView {
  readonly value: string;
  readonly label: string;
  readonly disabled: boolean;
}

/** The page's variant selector: the `<select>` one of whose options names the variant (by SKU or size). */
const variantSelect = async (driver: BrowserDriver, variant: ProductVariant): Promise<{ select: Locator; option: OptionView } | null> => {
  const selects = driver.page.locator('select');
  for (let index = 0; index < (await selects.count()); index++) {
    const select = selects.nth(index);
    const options = await select.locator('option').evaluateAll((elements) =>
      elements.map((element) => {
        const option = element as unknown as { value: string; textContent: string | null; disabled: boolean };
        return { value: option.value, label: option.textContent?.trim() ?? '', disabled: option.disabled };
      }),
    );
    const size = variant.size?.toLowerCase();
    const option = options.find(
      (candidate) => candidate.value === variant.sku || (size !== undefined && (candidate.label.toLowerCase() === size || candidate.label.toLowerCase().startsWith(`${size} `))),
    );
    if (option) return { select, option };
  }
  return null;
};

/**
 * Puts the chosen variant in the cart the way a shopper does: picks it in the page's selector,
 * sets the quantity, presses "Add to cart", and reads what the shop answered.
 */
export const addToCart = async (driver: BrowserDriver, product: PageProduct, variant: ProductVariant, quantity: number): Promise<StrategyOutcome | null> => {
  const { page } = driver;
  const what = variant.size ? `${product.name} in size ${variant.size}` : product.name;
  const optionUnavailable = (detail: string) =>
    blocked(product.hasVariants ? 'product.requested_option_unavailable' : 'product.item_unavailable', `${what} ${detail}; nothing was bought.`);
  if (variant.inStock === false) return optionUnavailable('is out of stock');
  if (product.hasVariants) {
    const found = await variantSelect(driver, variant);
    if (!found) return blocked('merchant.no_safe_path', `Could not find where to choose ${what} on ${page.url()}; nothing was bought.`);
    if (found.option.disabled) return optionUnavailable('cannot be chosen (the shop shows it as unavailable)');
    await found.select.selectOption(found.option.value);
  }
  const quantityField = await firstVisible([page.locator('input[name=quantity], select[name=quantity], input[name=qty], #quantity')]);
  if (quantityField) {
    if ((await quantityField.evaluate((element) => element.tagName)) === 'SELECT') await quantityField.selectOption(String(quantity));
    else await quantityField.fill(String(quantity));
  } else if (quantity > 1) {
    return blocked('merchant.no_safe_path', `The product page has no quantity field to order ${quantity} of ${product.name}; nothing was bought.`);
  }
  const add = await control(page, ADD);
  if (!add) return blocked('merchant.no_safe_path', `No "Add to cart" button was found on ${page.url()}; nothing was bought.`);
  if (UNAVAILABLE.test((await add.innerText()) || ((await add.getAttribute('value')) ?? '')) || (await add.isDisabled())) {
    return optionUnavailable('is out of stock');
  }
  await driver.step(`Add ${quantity} x ${what} to the cart`);
  await driver.press(add);
  const wall = await driver.wall();
  if (wall) return wall;
  for (const message of await alertTexts(page)) {
    const problem = problemOfMessage(message);
    if (problem?.code === 'product.item_unavailable') return optionUnavailable(`is not available: "${problem.message}"`);
    return blocked('merchant.checkout_error', `The shop did not add ${what} to the cart: "${message}"; nothing was bought.`);
  }
  return null;
};
