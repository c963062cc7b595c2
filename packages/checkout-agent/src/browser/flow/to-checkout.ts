import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { control } from '../page/controls.js';
import { type BrowserDriver, blocked } from './driver.js';

const CHECKOUT = /\b(proceed to checkout|check ?out|go to checkout)\b/i;
const CART = /\b(cart|basket|bag)\b/i;

/** From wherever adding to the cart left the shopper (the cart, or still the product page) to the checkout. */
export const goToCheckout = async (driver: BrowserDriver): Promise<StrategyOutcome | null> => {
  let checkout = await control(driver.page, CHECKOUT);
  if (!checkout) {
    const cart = await control(driver.page, CART);
    if (!cart) return blocked('merchant.no_safe_path', `Found neither a checkout nor a cart link on ${driver.page.url()}; nothing was bought.`);
    await driver.step('Open the cart');
    await driver.press(cart);
    checkout = await control(driver.page, CHECKOUT);
    if (!checkout) return blocked('merchant.no_safe_path', `The cart at ${driver.page.url()} has no way to check out; nothing was bought.`);
  }
  await driver.step('Go to checkout');
  await driver.press(checkout);
  return driver.wall();
};
