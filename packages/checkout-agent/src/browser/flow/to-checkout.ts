import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { meaningOf } from '../page/field-meaning.js';
import { readFields } from '../page/fields.js';
import { control } from '../page/controls.js';
import { ADD_TO_CART, CART, CHECKOUT, CONTINUE, FINAL, GUEST, NOT_CONTINUE } from '../page/vocabulary.js';
import { type BrowserDriver, blocked } from './driver.js';

/** Whether the page is already a checkout step: it asks for an address or contact, offers guest checkout, or places the order. */
export const isCheckoutPage = async (driver: BrowserDriver): Promise<boolean> => {
  const fields = (await readFields(driver.page)).filter((field) => !field.inSignInForm).map(meaningOf);
  // An email field alone may be a newsletter sign-up; an address, a postcode or a payment token is a checkout.
  if (fields.some((meaning) => ['line1', 'postalCode', 'paymentToken'].includes(meaning))) return true;
  return (await control(driver.page, GUEST)) !== null || (await control(driver.page, FINAL, { exclude: ADD_TO_CART })) !== null;
};

/**
 * From wherever adding to the cart left the shopper (a cart page, a drawer or modal, the product
 * page with a message, or the checkout itself after "Buy now") to the checkout.
 */
export const goToCheckout = async (driver: BrowserDriver): Promise<StrategyOutcome | null> => {
  if (await isCheckoutPage(driver)) return null;
  let checkout = await control(driver.page, CHECKOUT, { exclude: ADD_TO_CART });
  if (!checkout) {
    const cart = await control(driver.page, CART, { exclude: ADD_TO_CART });
    if (!cart) return blocked('merchant.no_safe_path', `Found neither a checkout nor a cart link on ${driver.page.url()}; nothing was bought.`);
    await driver.step('Open the cart');
    await driver.press(cart);
    checkout = (await control(driver.page, CHECKOUT, { exclude: ADD_TO_CART })) ?? (await control(driver.page, CONTINUE, { exclude: NOT_CONTINUE }));
    if (!checkout) return blocked('merchant.no_safe_path', `The cart at ${driver.page.url()} has no way to check out; nothing was bought.`);
  }
  await driver.step('Go to checkout');
  await driver.press(checkout);
  return driver.wall();
};
