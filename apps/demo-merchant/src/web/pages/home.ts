import { type Catalogue } from '../../catalogue/catalogue.js';
import { formatUsd } from '../../pricing/money.js';
import { type PageContent } from '../context.js';
import { html } from '../html/html.js';

export const homePage = (catalogue: Catalogue): PageContent => ({
  title: 'Shop',
  body: html`<h1>Demo Merchant</h1>
<ul class="products" data-testid="product-list">
${catalogue.products.map(
  (product) =>
    html`<li><a href="/products/${product.slug}" data-testid="product-link">${product.name}</a> <span class="price">${formatUsd(product.price)}</span></li>`,
)}
</ul>`,
});
