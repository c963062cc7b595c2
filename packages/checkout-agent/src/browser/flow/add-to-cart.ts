import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, control, firstVisible, nameOf } from '../page/controls.js';
import { problemOfMessage } from '../page/page-problems.js';
import { ADD_TO_CART, UNAVAILABLE } from '../page/vocabulary.js';
import { type BrowserDriver, blocked } from './driver.js';

const QUANTITY = ['qty', 'quantity', 'menge', 'anzahl', 'quantite', 'cantidad']
  .flatMap((word) => [
    `input[name*=${word} i]`,
    `select[name*=${word} i]`,
    `input[id*=${word} i]`,
    `select[id*=${word} i]`,
  ])
  .join(', ');

const quantityField = (driver: BrowserDriver) =>
  firstVisible([
    driver.page.locator(QUANTITY),
    driver.page.getByLabel(/\b(qty|quantity|how many|menge|anzahl|quantit[ée]|cantidad)\b/i),
  ]);

/** Whether the page has a quantity field (a product page, or a cart). */
export const hasQuantityField = async (driver: BrowserDriver): Promise<boolean> =>
  (await quantityField(driver)) !== null;

/** Sets the page's quantity field (an input or a select); false when the page has none. */
export const setQuantity = async (driver: BrowserDriver, quantity: number): Promise<boolean> => {
  const field = await quantityField(driver);
  if (!field) return false;
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(String(quantity));
  else {
    await field.fill(String(quantity));
    await field.blur().catch(() => undefined);
  }
  return true;
};

/**
 * Puts the chosen item in the cart the way a shopper does: the quantity (when the page has a
 * field for it; else the cart's is set later, see `goToCheckout`), then "Add to cart" (or
 * "Buy it now", which goes straight to checkout), and reads what the shop answered: a page, a
 * cart drawer or modal drawn by the page's script, or a message.
 */
export const addToCart = async (
  driver: BrowserDriver,
  what: string,
  quantity: number,
  optionChosen: boolean,
): Promise<StrategyOutcome | null> => {
  const { page } = driver;
  // Read again when a variant switch that navigates (Shopware's, after a pause) cuts the reading off.
  if (quantity > 1) await driver.read(() => setQuantity(driver, quantity));
  const { add, soldOut, shownUnavailable } = await driver.read(async (current) => {
    const found = await control(current, ADD_TO_CART);
    if (!found) return { add: null, soldOut: Boolean(await control(current, UNAVAILABLE)), shownUnavailable: false };
    const shown = (await found.isDisabled()) || UNAVAILABLE.test(await nameOf(found));
    return { add: found, soldOut: false, shownUnavailable: shown };
  });
  const unavailable = (detail: string) =>
    blocked(
      optionChosen ? 'product.requested_option_unavailable' : 'product.item_unavailable',
      `${what} ${detail}; nothing was bought.`,
    );
  if (!add) {
    if (soldOut) return unavailable('is sold out (the shop offers no way to add it)');
    return blocked(
      'merchant.no_safe_path',
      `No "Add to cart" or "Buy now" button was found on ${page.url()}; nothing was bought.`,
    );
  }
  if (shownUnavailable) return unavailable('cannot be added to the cart (the shop shows it as unavailable)');
  await driver.step(`Add ${quantity} x ${what} to the cart`);
  await driver.press(add);
  const wall = await driver.wall();
  if (wall) return wall;
  for (const message of await alertTexts(page)) {
    const problem = problemOfMessage(message);
    if (problem?.code === 'product.item_unavailable') return unavailable(`is not available: "${problem.message}"`);
    if (problem)
      return blocked(problem.code, `The shop did not add ${what} to the cart: "${message}"; nothing was bought.`);
  }
  return null;
};
