import type { PageProduct } from '../../merchant-page/structured-data.js';
import { type TaskHints, wordsOf } from '../../merchant-page/task-hints.js';
import { control } from '../page/controls.js';
import { readStructuredProducts, readVisibleProduct } from '../page/product-reading.js';
import { ADD_TO_CART, UNAVAILABLE } from '../page/vocabulary.js';
import type { BrowserDriver } from './driver.js';

/** Links followed from a start page that describes no product, looking for the one the task names. */
const MAX_LINKS = 5;

const score = (text: string, hints: TaskHints): number => {
  const wanted = new Set(hints.words);
  return new Set(wordsOf(text).filter((word) => wanted.has(word))).size;
};

const bestOf = (products: readonly PageProduct[], hints: TaskHints): PageProduct | null => {
  if (products.length === 1) return products[0] ?? null;
  const ranked = [...products].sort((a, b) => score(b.name, hints) - score(a.name, hints));
  const [top] = ranked;
  return top && score(top.name, hints) > 0 ? top : null;
};

/**
 * The product this page sells: the one its structured data describes (the best match for the
 * task when it describes several), else the one a person reads on it (a heading, and a price or
 * a "Sold out" note) when the page also offers to buy it or says it is sold out and, if the task
 * names a product, the heading names it too: a category page's heading and its first tile's
 * price are not a product. A "Sold out" note beside a working "Add to cart" is not the product's.
 */
const productHere = async (driver: BrowserDriver, hints: TaskHints): Promise<PageProduct | null> => {
  const structured = await driver.read(readStructuredProducts);
  if (structured.length > 0) return bestOf(structured, hints);
  const seen = await driver.read(readVisibleProduct);
  if (!seen || (hints.words.length > 0 && score(seen.name, hints) === 0)) return null;
  const add = await control(driver.page, ADD_TO_CART);
  const addable = add !== null && !(await add.isDisabled());
  const soldOut = seen.variants.every((variant) => variant.inStock === false);
  if (soldOut && addable) return { ...seen, variants: seen.variants.map((variant) => ({ ...variant, inStock: null })) };
  return add || soldOut || (await control(driver.page, UNAVAILABLE)) ? seen : null;
};

/**
 * The product to buy: the one the page sells, else the product behind the same-origin link
 * whose text best matches the task, opened in the browser.
 */
export const findProduct = async (driver: BrowserDriver, hints: TaskHints): Promise<PageProduct | null> => {
  const here = await productHere(driver, hints);
  if (here || hints.words.length === 0) return here;
  const origin = new URL(driver.page.url()).origin;
  const links = await driver.page.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((element) => {
      const anchor = element as unknown as { href: string; pathname: string; textContent: string | null };
      return { href: anchor.href, text: `${anchor.textContent ?? ''} ${anchor.pathname}` };
    }),
  );
  const candidates = links
    .filter((link) => URL.canParse(link.href) && new URL(link.href).origin === origin && score(link.text, hints) > 0)
    .sort((a, b) => score(b.text, hints) - score(a.text, hints))
    .slice(0, MAX_LINKS);
  for (const link of candidates) {
    await driver.step('Open a linked page to look for the product', link.href);
    await driver.open(link.href);
    const found = await productHere(driver, hints);
    if (found) return found;
  }
  return null;
};
