import { type Catalogue } from '../../catalogue/catalogue.js';
import { CURRENCY, type ProductDefinition } from '../../catalogue/products.js';
import { formatUsd, toDecimalString } from '../../pricing/money.js';
import { type PageContent } from '../context.js';
import { html, jsonLdScript, type SafeHtml } from '../html/html.js';
import { availabilityOf, productJsonLd } from '../structured-data.js';

export interface ProductPageState {
  readonly selectedSku?: string;
  readonly error?: string;
  readonly status?: number;
}

export const productPage = (
  catalogue: Catalogue,
  product: ProductDefinition,
  origin: string,
  state: ProductPageState = {},
): PageContent => {
  const available = product.variants.some((variant) => catalogue.inStock(variant.sku));
  return {
    title: product.name,
    status: state.status ?? 200,
    head: jsonLdScript(productJsonLd(catalogue, product, origin)),
    body: html`<article id="product" data-testid="product" data-product-id="${product.slug}">
${product.microdata ? microdataSummary(catalogue, product) : plainSummary(product)}
<p id="availability" data-testid="availability">${available ? 'In stock' : 'Out of stock'}</p>
<p class="description">${product.description}</p>
${state.error ? html`<p role="alert" class="error" id="form-error" data-testid="form-error">${state.error}</p>` : ''}
${addToCartForm(catalogue, product, available, state.selectedSku)}
</article>`,
  };
};

const plainSummary = (product: ProductDefinition): SafeHtml => html`<h1 id="product-name">${product.name}</h1>
<p class="price" id="price" data-testid="price">${formatUsd(product.price)}</p>`;

/** The same facts as the JSON-LD, as schema.org microdata on the visible elements. */
const microdataSummary = (catalogue: Catalogue, product: ProductDefinition): SafeHtml => {
  const [variant] = product.variants;
  const sku = variant?.sku ?? product.slug;
  return html`<div itemscope itemtype="https://schema.org/Product">
<h1 id="product-name" itemprop="name">${product.name}</h1>
<meta itemprop="sku" content="${sku}">
<meta itemprop="description" content="${product.description}">
<div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
<meta itemprop="priceCurrency" content="${CURRENCY}">
<link itemprop="availability" href="${availabilityOf(catalogue, sku)}">
<p class="price" id="price" data-testid="price">$<span itemprop="price" content="${toDecimalString(product.price)}">${toDecimalString(product.price)}</span></p>
</div>
</div>`;
};

const addToCartForm = (
  catalogue: Catalogue,
  product: ProductDefinition,
  available: boolean,
  selectedSku: string | undefined,
): SafeHtml => {
  const [only] = product.variants;
  const single = product.variants.length === 1 && only;
  return html`<form method="post" action="/cart/items" id="add-to-cart-form" data-testid="add-to-cart-form">
<input type="hidden" name="product" value="${product.slug}">
${
  single
    ? html`<input type="hidden" name="sku" value="${only.sku}">`
    : html`<label for="size">Size</label>
<select id="size" name="sku" required data-testid="variant-select">
<option value="">Select a size</option>
${product.variants.map((variant) => {
  const inStock = catalogue.inStock(variant.sku);
  return html`<option value="${variant.sku}"${inStock ? '' : html` disabled`}${variant.sku === selectedSku ? html` selected` : ''}>${variant.size ?? variant.sku}${inStock ? '' : ' - Out of stock'}</option>`;
})}
</select>`
}
<label for="quantity">Quantity</label>
<input id="quantity" name="quantity" type="number" min="1" max="10" value="1" required>
<div><button type="submit" id="add-to-cart" data-testid="add-to-cart"${available ? '' : html` disabled`}>${available ? 'Add to cart' : 'Out of stock'}</button></div>
</form>`;
};
