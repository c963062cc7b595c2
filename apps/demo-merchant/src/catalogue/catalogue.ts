import { type ProductDefinition, type VariantDefinition } from './products.js';

/** What an item id names: one variant, or a product whose variant (size) is still to be chosen. */
export type ResolvedItem =
  | { readonly kind: 'variant'; readonly product: ProductDefinition; readonly variant: VariantDefinition }
  | { readonly kind: 'needs_variant'; readonly product: ProductDefinition };

/** The catalogue with its live stock levels; orders take stock out of it. */
export class Catalogue {
  private readonly stockBySku = new Map<string, number>();
  private readonly bySku = new Map<string, { product: ProductDefinition; variant: VariantDefinition }>();
  private readonly bySlug = new Map<string, ProductDefinition>();

  constructor(readonly products: readonly ProductDefinition[]) {
    for (const product of products) {
      this.bySlug.set(product.slug, product);
      for (const variant of product.variants) {
        this.bySku.set(variant.sku, { product, variant });
        this.stockBySku.set(variant.sku, variant.stock);
      }
    }
  }

  product(slug: string): ProductDefinition | undefined {
    return this.bySlug.get(slug);
  }

  /** An item id is a SKU, or the slug of a product with several variants. */
  resolve(itemId: string): ResolvedItem | undefined {
    const exact = this.bySku.get(itemId);
    if (exact) return { kind: 'variant', ...exact };
    const product = this.bySlug.get(itemId);
    if (!product) return undefined;
    const [only] = product.variants;
    if (product.variants.length === 1 && only) return { kind: 'variant', product, variant: only };
    return { kind: 'needs_variant', product };
  }

  stock(sku: string): number | undefined {
    return this.stockBySku.get(sku);
  }

  setStock(sku: string, quantity: number): void {
    if (!this.stockBySku.has(sku)) throw new Error(`unknown SKU ${sku}`);
    this.stockBySku.set(sku, quantity);
  }

  inStock(sku: string, quantity = 1): boolean {
    return (this.stockBySku.get(sku) ?? 0) >= quantity;
  }

  take(sku: string, quantity: number): void {
    this.stockBySku.set(sku, (this.stockBySku.get(sku) ?? 0) - quantity);
  }
}
