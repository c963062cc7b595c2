import { Decimal, type Money } from '@paykit/kernel';
import type { PageProduct, ProductVariant } from '../../merchant-page/structured-data.js';
import { sameSize } from '../../merchant-page/task-hints.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { control } from '../page/controls.js';
import { readTotals } from '../page/totals.js';
import type { OptionGroup } from '../page/option-groups.js';
import { ADD_TO_CART, UNAVAILABLE } from '../page/vocabulary.js';
import type { ChosenOption } from './choose-options.js';
import { type BrowserDriver, blocked } from './driver.js';
import { normal } from '../page/words.js';

/**
 * Whether the product can be bought at all, read before anything is asked: every variant out
 * of stock in the structured data, every choice of an option sold out, or no way to add it but
 * a "Sold out" / "Out of stock" control.
 */
export const unavailableProduct = async (
  driver: BrowserDriver,
  product: PageProduct,
  groups: readonly OptionGroup[],
): Promise<StrategyOutcome | null> => {
  const soldOut = (detail: string) =>
    blocked(
      'product.item_unavailable',
      `${product.name} ${detail} at ${driver.page.url()}; nothing was asked or bought.`,
    );
  if (product.variants.length > 0 && product.variants.every((variant) => variant.inStock === false))
    return soldOut('is out of stock');
  if (groups.some((group) => group.kind !== 'link' && group.options.every((option) => !option.available)))
    return soldOut('is sold out in every option');
  const add = await control(driver.page, ADD_TO_CART);
  const disabledAdd = add ? (await add.isDisabled()) || UNAVAILABLE.test(await add.innerText().catch(() => '')) : false;
  if ((!add || disabledAdd) && groups.length === 0 && (await control(driver.page, UNAVAILABLE)))
    return soldOut('is sold out (the shop offers no way to add it)');
  return null;
};

const times = (price: Money, quantity: number): Money =>
  quantity === 1 ? price : { amount: new Decimal(price.amount).mul(quantity).toFixed(), currency: price.currency };

/**
 * The price alone against maxCost, before anything is asked: the cheapest variant that can be
 * bought, times the quantity. Shipping and tax only add to it, so above maxCost here is above
 * it at checkout. A price that cannot be converted is left to the final total's check.
 */
export const priceAboveMaxCost = async (
  driver: BrowserDriver,
  product: PageProduct,
  quantity: number,
  variants = product.variants,
): Promise<StrategyOutcome | null> => {
  const prices = variants
    .filter((variant) => variant.inStock !== false && variant.price)
    .map((variant) => variant.price as Money);
  const [cheapest] = [...prices].sort((a, b) => new Decimal(a.amount).comparedTo(new Decimal(b.amount)));
  if (!cheapest) return null;
  const price = times(cheapest, quantity);
  if ((await driver.context.compareWithMaxCost(price)) !== 'above') return null;
  const { maxCost } = driver.context.input.constraints;
  return blocked(
    'policy.max_cost_exceeded',
    `${quantity > 1 ? `${quantity} x ` : ''}${product.name} cost${quantity > 1 ? '' : 's'} ${price.amount} ${price.currency} before shipping and tax, above the maximum of ${maxCost.amount} ${maxCost.currency}; nothing was asked or bought.`,
  );
};

/**
 * The total a page shows (a cart, a one-page checkout, a review) against maxCost, before
 * anything else on it is read or done: a total above maxCost ends the run whatever the page
 * lacks. Without a total, the items subtotal counts (shipping and tax only add to it). A total
 * that cannot be converted is left to the final check.
 */
export const shownTotalAboveMaxCost = async (
  driver: BrowserDriver,
  currency: string | undefined,
): Promise<StrategyOutcome | null> => {
  const totals = await readTotals(driver.page, currency);
  const shown = totals.total ?? totals.items;
  if (!shown || (await driver.context.compareWithMaxCost(shown)) !== 'above') return null;
  const { maxCost } = driver.context.input.constraints;
  return blocked(
    'policy.max_cost_exceeded',
    `The ${totals.total ? 'total' : 'items subtotal'} of ${shown.amount} ${shown.currency} shown at ${driver.page.url()} is above the maximum of ${maxCost.amount} ${maxCost.currency}; nothing was paid.`,
  );
};

/** The structured-data variants that are the chosen options (by size, colour or SKU); all of them when none can be told. */
export const variantsOf = (
  product: PageProduct,
  chosen: readonly ChosenOption[],
  values: readonly string[],
): readonly ProductVariant[] => {
  const matching = product.variants.filter((variant) =>
    chosen.some(
      (option) =>
        (variant.size !== null && sameSize(variant.size, option.label)) ||
        (variant.color !== undefined && normal(variant.color) === normal(option.label)) ||
        values.includes(variant.sku),
    ),
  );
  return matching.length > 0 ? matching : product.variants;
};
