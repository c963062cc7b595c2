import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, control, firstVisible, nameOf } from '../page/controls.js';
import { problemOfMessage } from '../page/page-problems.js';
import { ADD_TO_CART, UNAVAILABLE } from '../page/vocabulary.js';
import { type BrowserDriver, blocked } from './driver.js';

const QUANTITY = 'input[name*=qty i], select[name*=qty i], input[name*=quantity i], select[name*=quantity i], input[id*=quantity i], select[id*=quantity i]';

/** Sets the quantity field of the product page (an input or a select); false when the page has none. */
const setQuantity = async (driver: BrowserDriver, quantity: number): Promise<boolean> => {
  const field = await firstVisible([driver.page.locator(QUANTITY), driver.page.getByLabel(/\b(qty|quantity|how many)\b/i)]);
  if (!field) return false;
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(String(quantity));
  else await field.fill(String(quantity));
  return true;
};

/**
 * Puts the chosen item in the cart the way a shopper does: the quantity, then "Add to cart" (or
 * "Buy it now", which goes straight to checkout), and reads what the shop answered: a page, a
 * cart drawer or modal drawn by the page's script, or a message.
 */
export const addToCart = async (driver: BrowserDriver, what: string, quantity: number, optionChosen: boolean): Promise<StrategyOutcome | null> => {
  const { page } = driver;
  if (!(await setQuantity(driver, quantity)) && quantity > 1) {
    return blocked('merchant.no_safe_path', `The product page ${page.url()} has no quantity field to order ${quantity} of ${what}; nothing was bought.`);
  }
  const add = await control(page, ADD_TO_CART);
  const unavailable = (detail: string) => blocked(optionChosen ? 'product.requested_option_unavailable' : 'product.item_unavailable', `${what} ${detail}; nothing was bought.`);
  if (!add) {
    if (await control(page, UNAVAILABLE)) return unavailable('is sold out (the shop offers no way to add it)');
    return blocked('merchant.no_safe_path', `No "Add to cart" or "Buy now" button was found on ${page.url()}; nothing was bought.`);
  }
  if ((await add.isDisabled()) || UNAVAILABLE.test(await nameOf(add))) return unavailable('cannot be added to the cart (the shop shows it as unavailable)');
  await driver.step(`Add ${quantity} x ${what} to the cart`);
  await driver.press(add);
  const wall = await driver.wall();
  if (wall) return wall;
  for (const message of await alertTexts(page)) {
    const problem = problemOfMessage(message);
    if (problem?.code === 'product.item_unavailable') return unavailable(`is not available: "${problem.message}"`);
    if (problem) return blocked(problem.code, `The shop did not add ${what} to the cart: "${message}"; nothing was bought.`);
  }
  return null;
};
