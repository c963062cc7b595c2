import { type Money, parseDecimal } from '@paykit/kernel';
import { scriptsOfType } from './html-tags.js';

/** One buyable variant of a product as its page describes it. */
export interface ProductVariant {
  /** The SKU: the item id of the merchant's agentic-checkout API. */
  readonly sku: string;
  readonly size: string | null;
  /** The variant's colour (schema.org `color`), when the page gives one. */
  readonly color?: string;
  readonly price: Money | null;
  /** From the offer's availability; null when the page does not say. */
  readonly inStock: boolean | null;
}

export interface PageProduct {
  readonly name: string;
  /** Whether the buyer has to choose among variants (a schema.org ProductGroup). */
  readonly hasVariants: boolean;
  readonly variants: readonly ProductVariant[];
}

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;
const typesOf = (node: Node): string[] =>
  asArray(node['@type']).flatMap((type) => (typeof type === 'string' ? [type.replace(/^.*[/#]/, '')] : []));

const OUT_OF_STOCK = ['OutOfStock', 'SoldOut', 'Discontinued'];

/** Every node of the JSON-LD blocks, following arrays and `@graph`. */
const nodesOf = (value: unknown): Node[] =>
  asArray(value).flatMap((item) => (isNode(item) ? [item, ...nodesOf(item['@graph'])] : []));

const priceOf = (offer: Node): Money | null => {
  // An AggregateOffer gives a range: its low price is what the cheapest variant costs.
  const amount = text(offer.price) ?? text(offer.lowPrice);
  const currency = text(offer.priceCurrency);
  if (!amount || !currency || parseDecimal(amount) === null) return null;
  return { amount, currency: currency.toUpperCase() };
};

const availabilityOf = (offer: Node): boolean | null => {
  const availability = text(offer.availability);
  if (!availability) return null;
  return !OUT_OF_STOCK.includes(availability.replace(/^.*[/#]/, ''));
};

const variantOf = (product: Node, requireSku: boolean): ProductVariant | null => {
  const [offer] = asArray(product.offers).filter(isNode);
  const sku =
    text(product.sku) ??
    (offer ? text(offer.sku) : null) ??
    (requireSku ? null : (text(product.productID) ?? text(product.mpn) ?? text(product.name)));
  if (!sku) return null;
  const color = text(product.color);
  return {
    sku,
    size: text(product.size),
    ...(color ? { color } : {}),
    price: offer ? priceOf(offer) : null,
    inStock: offer ? availabilityOf(offer) : null,
  };
};

/**
 * The products a page describes in schema.org JSON-LD: a `Product` with its offer, or a
 * `ProductGroup` whose `hasVariant` lists one `Product` per variant (size, sku, offer). Products
 * without a SKU are left out unless `requireSku` is false (a browser buys by the page, not by
 * an item id; they are then known by their productID, MPN or name).
 */
export const productsOnPage = (
  html: string,
  { requireSku = true }: { readonly requireSku?: boolean } = {},
): PageProduct[] => {
  const nodes = scriptsOfType(html, 'application/ld+json').flatMap((script) => {
    try {
      return nodesOf(JSON.parse(script));
    } catch {
      return [];
    }
  });
  const products: PageProduct[] = [];
  for (const node of nodes) {
    const name = text(node.name) ?? '';
    if (typesOf(node).includes('ProductGroup')) {
      const variants = asArray(node.hasVariant)
        .filter(isNode)
        .flatMap((variant) => variantOf(variant, requireSku) ?? []);
      if (variants.length > 0) products.push({ name, hasVariants: variants.length > 1, variants });
    } else if (typesOf(node).includes('Product') && !isVariantOfGroup(node, nodes)) {
      const variant = variantOf(node, requireSku);
      if (variant) products.push({ name, hasVariants: false, variants: [variant] });
    }
  }
  return products;
};

/** A Product listed at top level and also inside a group's hasVariant is read once, as a variant. */
const isVariantOfGroup = (node: Node, nodes: readonly Node[]): boolean =>
  nodes.some((other) => other !== node && asArray(other.hasVariant).includes(node));
