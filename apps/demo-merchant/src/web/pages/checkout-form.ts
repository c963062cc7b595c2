import { type PageContent } from '../context.js';
import { type FieldErrors } from '../forms.js';
import { html } from '../html/html.js';

export type CheckoutFormValues = Readonly<Record<string, string | undefined>>;

const COUNTRIES: readonly (readonly [string, string])[] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['IE', 'Ireland'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['CH', 'Switzerland'],
  ['AT', 'Austria'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['NO', 'Norway'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
  ['IN', 'India'],
  ['MX', 'Mexico'],
  ['BR', 'Brazil'],
];

const FIELDS: readonly { name: string; label: string; autocomplete: string; type?: string; optional?: boolean }[] = [
  { name: 'name', label: 'Full name', autocomplete: 'name' },
  { name: 'email', label: 'Email', autocomplete: 'email', type: 'email' },
  { name: 'phone', label: 'Phone', autocomplete: 'tel', type: 'tel', optional: true },
  { name: 'address1', label: 'Address', autocomplete: 'address-line1' },
  { name: 'address2', label: 'Apartment, suite, etc.', autocomplete: 'address-line2', optional: true },
  { name: 'city', label: 'City', autocomplete: 'address-level2' },
  { name: 'state', label: 'State / province', autocomplete: 'address-level1', optional: true },
  { name: 'postal_code', label: 'ZIP / postal code', autocomplete: 'postal-code' },
];

/** Contact and shipping address; shipping method, tax and total follow on the review page. */
export const checkoutFormPage = (values: CheckoutFormValues, errors: FieldErrors = {}): PageContent => ({
  title: 'Checkout',
  status: Object.keys(errors).length > 0 ? 400 : 200,
  body: html`<h1>Checkout</h1>
${Object.keys(errors).length > 0 ? html`<p role="alert" class="error" data-testid="form-error">Please correct the highlighted fields.</p>` : ''}
<form method="post" action="/checkout" id="checkout-form" data-testid="checkout-form" novalidate>
<fieldset><legend>Contact and shipping address</legend>
${FIELDS.map((field) => {
  const error = errors[field.name];
  return html`<label for="${field.name}">${field.label}${field.optional ? ' (optional)' : ''}</label>
<input id="${field.name}" name="${field.name}" type="${field.type ?? 'text'}" autocomplete="${field.autocomplete}" value="${values[field.name] ?? ''}"${field.optional ? '' : html` required`}${error ? html` aria-invalid="true" aria-describedby="${field.name}-error"` : ''}>
${error ? html`<span class="error" id="${field.name}-error">${error}</span>` : ''}`;
})}
<label for="country">Country</label>
<select id="country" name="country" autocomplete="country" required${errors.country ? html` aria-invalid="true"` : ''}>
<option value="">Select a country</option>
${COUNTRIES.map(([code, name]) => html`<option value="${code}"${values.country === code ? html` selected` : ''}>${name}</option>`)}
</select>
${errors.country ? html`<span class="error" id="country-error">${errors.country}</span>` : ''}
</fieldset>
<button type="submit" id="continue-to-review" data-testid="continue-to-review">Continue to review</button>
</form>`,
});
