import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { meaningOf } from '../page/field-meaning.js';
import { readFields } from '../page/fields.js';
import { control } from '../page/controls.js';
import { ADD_TO_CART, CART, CHECKOUT, CONTINUE, FINAL, GUEST, NOT_CONTINUE } from '../page/vocabulary.js';
import { hasQuantityField, setQuantity } from './add-to-cart.js';
import { type BrowserDriver, blocked } from './driver.js';
import { shownTotalAboveMaxCost } from './look-first.js';

const UPDATE = /\b(update|recalculate|refresh|aktualisieren|mettre [àa] jour|actualizar)\b/i;

/** Whether the page is already a checkout step: it asks for an address or contact, offers guest checkout, or places the order. */
export const isCheckoutPage = async (driver: BrowserDriver): Promise<boolean> => {
  const fields = (await driver.read(readFields)).filter((field) => !field.inSignInForm).map(meaningOf);
  // An email field alone may be a newsletter sign-up; an address, a postcode or a payment token is a checkout.
  if (fields.some((meaning) => ['line1', 'postalCode', 'paymentToken'].includes(meaning))) return true;
  return (
    (await control(driver.page, GUEST)) !== null ||
    (await control(driver.page, FINAL, { exclude: ADD_TO_CART })) !== null
  );
};

/** The cart's quantity set to `quantity` (for a product page without a quantity field), with its "Update" pressed where it has one. */
const setCartQuantity = async (driver: BrowserDriver, quantity: number): Promise<StrategyOutcome | null> => {
  if (!(await hasQuantityField(driver))) {
    const cart = await control(driver.page, CART, { exclude: ADD_TO_CART });
    if (cart) {
      await driver.step('Open the cart');
      await driver.press(cart);
    }
  }
  await driver.step(`Set the quantity in the cart to ${quantity}`);
  if (!(await setQuantity(driver, quantity))) {
    return blocked(
      'merchant.no_safe_path',
      `Neither the product page nor the cart at ${driver.page.url()} has a quantity field to order ${quantity}; nothing was bought.`,
    );
  }
  const update = await control(driver.page, UPDATE);
  if (update) await driver.press(update);
  else await driver.settle();
  return null;
};

/**
 * From wherever adding to the cart left the shopper (a cart page, a drawer or modal, the product
 * page with a message, or the checkout itself after "Buy now") to the checkout; on the way, the
 * cart's quantity when the product page had no quantity field (`cartQuantity` above 1), and the
 * cart's total against maxCost.
 */
export const goToCheckout = async (
  driver: BrowserDriver,
  currency: string | undefined,
  cartQuantity = 1,
): Promise<StrategyOutcome | null> => {
  if (cartQuantity > 1) {
    const set = await setCartQuantity(driver, cartQuantity);
    if (set) return set;
  }
  if (await isCheckoutPage(driver)) return null;
  const dear = await shownTotalAboveMaxCost(driver, currency);
  if (dear) return dear;
  let checkout = await control(driver.page, CHECKOUT, { exclude: ADD_TO_CART });
  if (!checkout) {
    const cart = await control(driver.page, CART, { exclude: ADD_TO_CART });
    if (!cart)
      return blocked(
        'merchant.no_safe_path',
        `Found neither a checkout nor a cart link on ${driver.page.url()}; nothing was bought.`,
      );
    await driver.step('Open the cart');
    await driver.press(cart);
    const cartTotal = await shownTotalAboveMaxCost(driver, currency);
    if (cartTotal) return cartTotal;
    checkout =
      (await control(driver.page, CHECKOUT, { exclude: ADD_TO_CART })) ??
      (await control(driver.page, CONTINUE, { exclude: NOT_CONTINUE }));
    if (!checkout)
      return blocked(
        'merchant.no_safe_path',
        `The cart at ${driver.page.url()} has no way to check out; nothing was bought.`,
      );
  }
  await driver.step('Go to checkout');
  await driver.press(checkout);
  return driver.wall();
};
