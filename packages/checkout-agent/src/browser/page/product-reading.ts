import type { Page } from 'playwright-core';
import { type PageProduct, productsOnPage } from '../../merchant-page/structured-data.js';
import { parseMoneyText } from './money-text.js';

interface MicrodataProduct {
  readonly name: string;
  readonly sku: string | null;
  readonly price: string | null;
  readonly currency: string | null;
  readonly availability: string | null;
}

const OUT_OF_STOCK = /(OutOfStock|SoldOut|Discontinued)$/;

/** The little of a DOM element the microdata reader uses (the page's code runs in the browser). */
interface DomElement {
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  readonly textContent: string | null;
}

const microdataProducts = (page: Page): Promise<MicrodataProduct[]> =>
  page.locator('[itemscope][itemtype$="schema.org/Product"]').evaluateAll((elements) => {
    const valueOf = (element: DomElement | null | undefined): string | null => {
      if (!element) return null;
      const value = element.getAttribute('content') ?? element.getAttribute('href') ?? element.textContent;
      return value?.trim() || null;
    };
    return elements.map((element) => {
      const product = element as unknown as DomElement;
      const offer = product.querySelector('[itemprop=offers]');
      return {
        name: valueOf(product.querySelector('[itemprop=name]')) ?? '',
        sku: valueOf(product.querySelector('[itemprop=sku]')),
        price: valueOf(offer?.querySelector('[itemprop=price]')),
        currency: valueOf(offer?.querySelector('[itemprop=priceCurrency]')),
        availability: valueOf(offer?.querySelector('[itemprop=availability]')),
      };
    });
  });

/**
 * Runs in the page: what a person reads as the product when the page has no structured data,
 * the main heading (an h1 or a level-1 ARIA heading, else the first h2 outside header and
 * navigation), the first price shown after it, skipping struck-through former prices, and a
 * "Sold out" / "Out of stock" note after it that is no option's label and no control.
 */
const VISIBLE_PRODUCT = `(() => {
  const clean = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const shown = (el) => { const box = el.getBoundingClientRect(); const style = getComputedStyle(el); return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none'; };
  const main = (el) => !el.closest('header, nav, footer, [role=dialog], aside');
  const heading = [...document.querySelectorAll('h1, [role=heading][aria-level="1"]'), ...document.querySelectorAll('h2')].find((el) => shown(el) && main(el));
  if (!heading) return null;
  const PRICE = /^(?:[A-Za-z]+:?\\s+){0,2}(?:[A-Z]{1,3}\\s?)?\\p{Sc}?\\s?\\d[\\d.,]*(?:\\s?\\p{Sc}|\\s?[A-Z]{3})?$/u;
  const FORMER_WORDS = /^(was|regular|reg\\.?|rrp|list|original|compare|before|msrp|retail)\\b/i;
  const MONEY = /\\p{Sc}|\\b[A-Z]{3}\\b/u;
  const SOLD = /^(this (item|product) is )?(currently )?(sold[ -]?out|out of stock|unavailable|no longer available|not available)[.!]?$/i;
  const after = (el) => heading.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING;
  const former = (el) => el.closest('s, del, strike, [class*=was], [class*=compare], [class*=old-price], [class*=strike]') || /line-through/.test(getComputedStyle(el).textDecorationLine);
  const inOption = (el) => el.closest('select, option, label, button, a, [role=option], [role=radio], [role=button], [role=listbox], [role=radiogroup]');
  let price = null;
  let soldOut = false;
  for (const el of document.body.querySelectorAll('*')) {
    if (!after(el) || !main(el) || !shown(el)) continue;
    const text = clean(el.innerText);
    if ([...el.children].some((child) => clean(child.innerText) === text)) continue;
    if (!soldOut && SOLD.test(text) && !inOption(el)) soldOut = true;
    if (price || former(el) || text.length > 30 || !PRICE.test(text) || !MONEY.test(text) || FORMER_WORDS.test(text)) continue;
    price = text;
  }
  return { name: clean(heading.innerText), price, soldOut };
})()`;

/** The products the page's structured data describes: its JSON-LD, else its microdata. */
export const readStructuredProducts = async (page: Page): Promise<PageProduct[]> => {
  const fromJsonLd = productsOnPage(await page.content(), { requireSku: false });
  if (fromJsonLd.length > 0) return fromJsonLd;
  const fromMicrodata = (await microdataProducts(page)).filter((product) => product.name !== '');
  if (fromMicrodata.length > 0) {
    return fromMicrodata.map((product) => {
      const price = product.price ? parseMoneyText(product.price, product.currency ?? undefined) : null;
      return {
        name: product.name,
        hasVariants: false,
        variants: [
          {
            sku: product.sku ?? product.name,
            size: null,
            price,
            inStock: product.availability ? !OUT_OF_STOCK.test(product.availability) : null,
          },
        ],
      };
    });
  }
  return [];
};

/**
 * What a person reads as the product on a page without structured data: its main heading, the
 * price after it, and whether the page says it is sold out (such a page may show no price).
 */
export const readVisibleProduct = async (page: Page): Promise<PageProduct | null> => {
  const seen = (await page.evaluate(VISIBLE_PRODUCT)) as {
    name: string;
    price: string | null;
    soldOut: boolean;
  } | null;
  const price = seen?.price ? parseMoneyText(seen.price) : null;
  if (!seen?.name || (!price && !seen.soldOut)) return null;
  return {
    name: seen.name,
    hasVariants: false,
    variants: [{ sku: seen.name, size: null, price, inStock: seen.soldOut ? false : null }],
  };
};

/**
 * The products the page offers: from its JSON-LD first, else its microdata, else what a person
 * reads (the main heading and the first price after it).
 */
export const readProducts = async (page: Page): Promise<PageProduct[]> => {
  const structured = await readStructuredProducts(page);
  if (structured.length > 0) return structured;
  const visible = await readVisibleProduct(page);
  return visible ? [visible] : [];
};
