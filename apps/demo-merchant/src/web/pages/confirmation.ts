import { type Order } from '../../orders/order.js';
import { formatUsd } from '../../pricing/money.js';
import { type PageContent } from '../context.js';
import { html } from '../html/html.js';

export const confirmationPage = (order: Order): PageContent => ({
  title: `Order ${order.number}`,
  body: html`<h1>Thank you for your order</h1>
<p>Order number: <strong id="order-number" data-testid="order-number">${order.number}</strong></p>
<p>Total charged: <strong id="order-total" data-testid="order-total">${formatUsd(order.totals.total)}</strong></p>
<table data-testid="order-lines">
${order.lines.map((line) => html`<tr><td>${line.name}${line.size ? ` (Size ${line.size})` : ''}</td><td>${line.quantity}</td><td class="amount">${formatUsd(line.amount)}</td></tr>`)}
<tr><th>Shipping</th><td></td><td class="amount">${formatUsd(order.totals.fulfillment)}</td></tr>
<tr><th>Tax</th><td></td><td class="amount">${formatUsd(order.totals.tax)}</td></tr>
</table>
<p>A confirmation was sent to ${order.buyer.email}.</p>`,
});
