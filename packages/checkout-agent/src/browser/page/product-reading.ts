import type { Page } from 'playwright-core';
import { type PageProduct, productsOnPage } from '../../merchant-page/structured-data.js';
import { textAt } from './controls.js';
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

const PRICE_SELECTORS = ['[data-testid=price]', '#price', '[itemprop=price]', '.product-price', '.price'];

/**
 * The products the page offers: from its JSON-LD first, else its microdata, else what a person
 * reads (the main heading and the visible price). The visible price also fills in a price the
 * structured data leaves out.
 */
export const readProducts = async (page: Page): Promise<PageProduct[]> => {
  const fromJsonLd = productsOnPage(await page.content());
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
  const name = await textAt(page, ['h1']);
  const priceText = await textAt(page, PRICE_SELECTORS);
  const price = priceText ? parseMoneyText(priceText) : null;
  if (!name || !price) return [];
  return [{ name, hasVariants: false, variants: [{ sku: name, size: null, price, inStock: null }] }];
};
