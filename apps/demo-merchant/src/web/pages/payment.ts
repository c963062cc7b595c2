import { formatUsd } from '../../pricing/money.js';
import { type PageContent } from '../context.js';
import { type FieldErrors } from '../forms.js';
import { html } from '../html/html.js';

export interface PaymentPageState {
  readonly cardName?: string;
  readonly errors?: FieldErrors;
  readonly declined?: string;
}

const CARD_FIELDS = [
  { name: 'card_name', label: 'Name on card', autocomplete: 'cc-name', inputmode: 'text' },
  { name: 'card_number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric' },
  { name: 'card_expiry', label: 'Expiry (MM/YY)', autocomplete: 'cc-exp', inputmode: 'numeric' },
  { name: 'card_cvc', label: 'Security code (CVC)', autocomplete: 'cc-csc', inputmode: 'numeric' },
] as const;

/** The pay step: the amount due (the review total) and the card fields. A card is never echoed back. */
export const paymentPage = (amountDue: number, state: PaymentPageState = {}): PageContent => {
  const errors = state.errors ?? {};
  const status = state.declined ? 402 : Object.keys(errors).length > 0 ? 400 : 200;
  return {
    title: 'Payment',
    status,
    body: html`<h1>Payment</h1>
<p>Amount due: <strong id="amount-due" data-testid="amount-due">${formatUsd(amountDue)}</strong></p>
${state.declined ? html`<p role="alert" class="error" id="payment-error" data-testid="payment-error">${state.declined}</p>` : ''}
<form method="post" action="/checkout/payment" id="payment-form" data-testid="payment-form" novalidate>
${CARD_FIELDS.map((field) => {
  const error = errors[field.name];
  const value = field.name === 'card_name' ? (state.cardName ?? '') : '';
  return html`<label for="${field.name}">${field.label}</label>
<input id="${field.name}" name="${field.name}" autocomplete="${field.autocomplete}" inputmode="${field.inputmode}" value="${value}" required${error ? html` aria-invalid="true"` : ''}>
${error ? html`<span class="error" id="${field.name}-error">${error}</span>` : ''}`;
})}
<div><button type="submit" id="pay-button" data-testid="pay-button">Pay ${formatUsd(amountDue)}</button></div>
</form>`,
  };
};
