import { formatUsd } from '../../pricing/money.js';
import { type Quote } from '../../pricing/quote.js';
import { type PageContent } from '../context.js';
import { html } from '../html/html.js';

/** The cart at the prices the product pages show. */
export const cartPage = (quote: Quote): PageContent => {
  if (quote.lines.length === 0) {
    return {
      title: 'Cart',
      body: html`<h1>Your cart</h1><p data-testid="cart-empty">Your cart is empty.</p><p><a href="/">Continue shopping</a></p>`,
    };
  }
  return {
    title: 'Cart',
    body: html`<h1>Your cart</h1>
<table id="cart-items" data-testid="cart-items">
<thead><tr><th>Item</th><th>Quantity</th><th class="amount">Price</th><th class="amount">Total</th><th></th></tr></thead>
<tbody>
${quote.lines.map(
  (line, index) => html`<tr data-testid="cart-line" data-sku="${line.variant?.sku ?? line.itemId}">
<td>${line.product.name}${line.variant?.size ? ` (Size ${line.variant.size})` : ''}</td>
<td>${line.quantity}</td>
<td class="amount">${formatUsd(line.unitAmount)}</td>
<td class="amount">${formatUsd(line.baseAmount)}</td>
<td><form method="post" action="/cart/remove"><input type="hidden" name="line" value="${index}"><button type="submit">Remove</button></form></td>
</tr>`,
)}
</tbody>
</table>
<p>Subtotal: <strong id="cart-subtotal" data-testid="cart-subtotal">${formatUsd(quote.subtotal)}</strong></p>
<p>Shipping and tax are calculated at checkout.</p>
<a class="button" href="/checkout" id="checkout-button" data-testid="checkout-button">Proceed to checkout</a>`,
  };
};
