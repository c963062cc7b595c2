import type { PageProduct } from '../../merchant-page/structured-data.js';
import type { TaskHints } from '../../merchant-page/task-hints.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { readOptionGroups } from '../page/option-groups.js';
import { type ChosenOption, applyOptions, decideOptions } from './choose-options.js';
import { type BrowserDriver, blocked } from './driver.js';
import { findProduct } from './find-product.js';
import { priceAboveMaxCost, unavailableProduct, variantsOf } from './look-first.js';
import { taskWords } from './option-matching.js';

/** Variant pages followed (a format or colour that is a page of its own) before giving up. */
const MAX_VARIANT_PAGES = 2;

export interface ChosenProduct {
  readonly product: PageProduct;
  readonly options: readonly ChosenOption[];
}

/**
 * The product and its options, decided before anything is bought and, where it already decides
 * the run, before anything is asked: the item unavailable, or its price alone above maxCost,
 * ends the run at once; a named option that is sold out or missing ends it too. Only then are
 * open options asked, chosen on the page, and the chosen variant's own stock and price checked.
 */
export const chooseProduct = async (
  driver: BrowserDriver,
  hints: TaskHints,
): Promise<ChosenProduct | StrategyOutcome> => {
  const task = driver.context.input.request.task ?? '';
  for (let followed = 0; followed <= MAX_VARIANT_PAGES; followed++) {
    const product = await findProduct(driver, hints);
    if (!product)
      return blocked(
        'merchant.no_safe_path',
        `Could not tell which product to buy from ${driver.page.url()} and the task; nothing was bought.`,
      );
    const groups = await driver.read(readOptionGroups);
    const first =
      (await unavailableProduct(driver, product, groups)) ?? (await priceAboveMaxCost(driver, product, hints.quantity));
    if (first) return first;
    if (product.hasVariants && groups.length === 0) {
      return blocked(
        'merchant.no_safe_path',
        `Could not find where to choose among the variants of ${product.name} on ${driver.page.url()}; nothing was bought.`,
      );
    }
    const decided = await decideOptions(driver, product, groups, taskWords(task, product.name, hints));
    if (!(decided instanceof Map)) {
      if ('kind' in decided) return decided;
      await driver.step(`Open the ${decided.label} version of ${product.name}`, decided.url);
      await driver.open(decided.url);
      continue;
    }
    const options = await applyOptions(driver, decided);
    if (!Array.isArray(options)) return options;
    const variants = variantsOf(
      product,
      options,
      [...decided.values()].map((option) => option.value),
    );
    if (options.length > 0 && variants.length > 0 && variants.every((variant) => variant.inStock === false)) {
      return blocked(
        'product.requested_option_unavailable',
        `${product.name} (${options.map((option) => option.label).join(', ')}) is out of stock; nothing was bought.`,
      );
    }
    const dear = await priceAboveMaxCost(driver, product, hints.quantity, variants);
    return dear ?? { product, options };
  }
  return blocked(
    'merchant.no_safe_path',
    `Followed ${MAX_VARIANT_PAGES} variant pages from the start page without settling on the product; nothing was bought.`,
  );
};
