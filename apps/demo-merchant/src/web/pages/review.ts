import { formatUsd } from '../../pricing/money.js';
import { isPayable, type LineIssue, type Quote } from '../../pricing/quote.js';
import { type PageContent } from '../context.js';
import { html, type SafeHtml } from '../html/html.js';
import { type CheckoutDetails } from '../visitors.js';

/** Items, shipping, tax and the final total at the prices the shop charges; payment comes after. */
export const reviewPage = (quote: Quote, details: CheckoutDetails): PageContent => {
  const payable = isPayable(quote);
  const problems = [
    ...quote.issues.filter((issue) => issue.kind !== 'price_changed').map((issue) => problemOf(issue, quote)),
    ...(quote.countryNotServed
      ? [{ text: `We do not ship to ${details.address.country}.`, testId: 'fulfillment-error' }]
      : []),
  ];
  return {
    title: 'Review your order',
    body: html`<h1>Review your order</h1>
${quote.issues.flatMap((issue) =>
  issue.kind === 'price_changed'
    ? [
        html`<p class="notice" data-testid="price-change-notice">The price of ${quote.lines[issue.line]?.product.name} has changed from ${formatUsd(issue.from)} to ${formatUsd(issue.to)}.</p>`,
      ]
    : [],
)}
${problems.map((problem) => html`<p role="alert" class="error" data-testid="${problem.testId}">${problem.text}</p>`)}
<table id="review-items" data-testid="review-items">
<thead><tr><th>Item</th><th>Quantity</th><th class="amount">Price</th><th class="amount">Total</th></tr></thead>
<tbody>
${quote.lines.map(
  (
    line,
  ) => html`<tr data-testid="review-line"><td>${line.product.name}${line.variant?.size ? ` (Size ${line.variant.size})` : ''}</td><td>${line.quantity}</td>
<td class="amount">${formatUsd(line.unitAmount)}</td><td class="amount">${formatUsd(line.baseAmount)}</td></tr>`,
)}
</tbody>
</table>
<h2>Shipping to</h2>
<address data-testid="shipping-address">${details.name}<br>${details.address.line1}${details.address.line2 ? html`<br>${details.address.line2}` : ''}<br>
${details.address.city}${details.address.state ? `, ${details.address.state}` : ''} ${details.address.postalCode}<br>${details.address.country}</address>
<p><a href="/checkout" id="edit-details">Edit details</a></p>
${shippingChoice(quote)}
<table id="order-totals" data-testid="order-totals">
<tr><th>Subtotal</th><td class="amount" id="subtotal" data-testid="subtotal">${formatUsd(quote.subtotal)}</td></tr>
<tr><th>Shipping</th><td class="amount" id="shipping" data-testid="shipping">${quote.shipping ? formatUsd(quote.fulfillment) : 'Unavailable'}</td></tr>
<tr><th>Tax</th><td class="amount" id="tax" data-testid="tax">${formatUsd(quote.tax)}</td></tr>
<tr><th>Total</th><td class="amount" id="total" data-testid="total"><strong>${formatUsd(quote.total)}</strong></td></tr>
</table>
${payable ? html`<a class="button" href="/checkout/payment" id="continue-to-payment" data-testid="continue-to-payment">Continue to payment</a>` : ''}`,
  };
};

const shippingChoice = (quote: Quote): SafeHtml => {
  if (quote.shippingOptions.length === 0) return html``;
  return html`<form method="post" action="/checkout/shipping" id="shipping-form">
<fieldset><legend>Shipping method</legend>
${quote.shippingOptions.map(
  (option) =>
    html`<label><input type="radio" name="shipping_option" value="${option.id}"${option.id === quote.shipping?.id ? html` checked` : ''}> ${option.title} (${option.subtitle}) - ${formatUsd(option.amount)}</label>`,
)}
</fieldset>
<button type="submit" id="update-shipping">Update shipping</button>
</form>`;
};

/** A problem that stops payment, with the test id a browser client recognises it by. */
const problemOf = (issue: LineIssue, quote: Quote): { text: string; testId: string } => {
  const name = quote.lines[issue.line]?.product.name ?? 'An item';
  switch (issue.kind) {
    case 'out_of_stock':
      return {
        text: issue.available > 0 ? `Only ${issue.available} of ${name} left in stock.` : `${name} is out of stock.`,
        testId: 'out-of-stock-error',
      };
    case 'not_shippable':
      return { text: `${name} cannot be shipped to ${issue.country}.`, testId: 'fulfillment-error' };
    case 'needs_variant':
      return { text: `Choose a size for ${name}.`, testId: 'checkout-error' };
    case 'price_changed':
      return { text: `The price of ${name} has changed.`, testId: 'price-change-notice' };
  }
};
