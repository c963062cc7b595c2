/**
 * The shop's catalogue as data. Amounts are integers in minor units (US cents): every price,
 * shipping rate and total in the demo merchant is an exact integer, never a float.
 */
export interface VariantDefinition {
  /** The SKU, which is also the item id of the agentic-checkout API. */
  readonly sku: string;
  /** The size label shown in the selector (S, M, L); absent for single-variant products. */
  readonly size?: string;
  readonly stock: number;
}

export interface ProductDefinition {
  /** URL slug (`/products/<slug>`); also the product group id of variant products. */
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** Unit price shown on the product page and in the cart. */
  readonly price: number;
  /** Unit price the merchant actually charges from review on, when it differs from `price`. */
  readonly priceAtReview?: number;
  readonly variants: readonly VariantDefinition[];
  /** ISO 3166-1 alpha-2 codes this product may ship to; absent means every country the shop serves. */
  readonly shipsTo?: readonly string[];
  /** Adding it to the cart in the browser leads to a human-verification wall. */
  readonly captchaOnAddToCart?: boolean;
  /** Its page also carries schema.org microdata next to the JSON-LD. */
  readonly microdata?: boolean;
}

export const CURRENCY = 'USD';

export const defaultCatalogue: readonly ProductDefinition[] = [
  {
    slug: 'tshirt',
    name: 'Classic T-Shirt',
    description: 'A soft cotton T-shirt. Size M is sold out.',
    price: 2500,
    variants: [
      { sku: 'tshirt-s', size: 'S', stock: 10 },
      { sku: 'tshirt-m', size: 'M', stock: 0 },
      { sku: 'tshirt-l', size: 'L', stock: 5 },
    ],
  },
  {
    slug: 'mug',
    name: 'Ceramic Mug',
    description: 'A 350 ml stoneware mug.',
    price: 1200,
    variants: [{ sku: 'mug', stock: 100 }],
    microdata: true,
  },
  {
    slug: 'hoodie',
    name: 'Heavyweight Hoodie',
    description: 'A warm fleece hoodie.',
    // Under $100 on its page, over $100 with shipping to any destination (and tax where due).
    price: 9500,
    variants: [{ sku: 'hoodie', stock: 20 }],
  },
  {
    slug: 'desk-lamp',
    name: 'Desk Lamp',
    description: 'An adjustable LED desk lamp. Currently sold out.',
    price: 4500,
    variants: [{ sku: 'desk-lamp', stock: 0 }],
  },
  {
    slug: 'earbuds',
    name: 'Wireless Earbuds',
    description: 'Bluetooth earbuds with a charging case.',
    price: 4900,
    priceAtReview: 5400,
    variants: [{ sku: 'earbuds', stock: 50 }],
  },
  {
    slug: 'battery-pack',
    name: 'Lithium Battery Pack',
    description: 'A 20,000 mAh power bank. Ships within the United States only.',
    price: 3500,
    variants: [{ sku: 'battery-pack', stock: 30 }],
    shipsTo: ['US'],
  },
  {
    slug: 'limited-sneakers',
    name: 'Limited Edition Sneakers',
    description: 'A limited drop. Adding them to the cart requires a human check.',
    price: 12000,
    variants: [{ sku: 'limited-sneakers', stock: 3 }],
    captchaOnAddToCart: true,
  },
];
