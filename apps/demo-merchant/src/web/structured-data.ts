import { type Catalogue } from '../catalogue/catalogue.js';
import { CURRENCY, type ProductDefinition, type VariantDefinition } from '../catalogue/products.js';
import { toDecimalString } from '../pricing/money.js';
import { SERVED_COUNTRIES } from '../pricing/shipping.js';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

export const availabilityOf = (catalogue: Catalogue, sku: string): string =>
  catalogue.inStock(sku) ? IN_STOCK : OUT_OF_STOCK;

const offer = (catalogue: Catalogue, product: ProductDefinition, variant: VariantDefinition, url: string) => ({
  '@type': 'Offer',
  url,
  sku: variant.sku,
  price: toDecimalString(product.price),
  priceCurrency: CURRENCY,
  availability: availabilityOf(catalogue, variant.sku),
  itemCondition: 'https://schema.org/NewCondition',
  shippingDetails: {
    '@type': 'OfferShippingDetails',
    shippingDestination: (product.shipsTo ?? SERVED_COUNTRIES).map((country) => ({
      '@type': 'DefinedRegion',
      addressCountry: country,
    })),
  },
});

/**
 * schema.org JSON-LD for a product page: a `Product` with one `Offer`, or a `ProductGroup` whose
 * `hasVariant` lists one `Product` per size, each with its own `sku`, `size` and `Offer`.
 * The `sku` is the item id of the agentic-checkout API.
 */
export const productJsonLd = (
  catalogue: Catalogue,
  product: ProductDefinition,
  origin: string,
): Record<string, unknown> => {
  const url = `${origin}/products/${product.slug}`;
  const [only] = product.variants;
  const single = product.variants.length === 1 && only;
  const common = {
    '@context': 'https://schema.org/',
    '@type': single ? 'Product' : 'ProductGroup',
    name: product.name,
    description: product.description,
    url,
    brand: { '@type': 'Brand', name: 'Demo Merchant' },
  };
  if (single) return { ...common, sku: only.sku, offers: offer(catalogue, product, only, url) };
  return {
    ...common,
    productGroupID: product.slug,
    variesBy: ['https://schema.org/size'],
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      sku: variant.sku,
      name: `${product.name} (${variant.size ?? variant.sku})`,
      ...(variant.size ? { size: variant.size } : {}),
      offers: offer(catalogue, product, variant, `${url}?sku=${encodeURIComponent(variant.sku)}`),
    })),
  };
};
