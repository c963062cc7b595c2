import { type TypedCard, readExpiry } from './card-processor.js';
import { HOSTED_NAMES, type HostedFields, hostedCardFields } from './hosted-fields.js';
import { esc } from './html.js';
import type { CardCheckout, CardPayment, OrderBook, PlacedOrder } from './order-book.js';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * How one shop's card form looks: the shops differ as real ones do (field names, expiry as one
 * field or two selects, a name-on-card field, a card-type select, a billing address).
 */
export interface CardFormStyle {
  /** Prefix of the form's field names (`${prefix}number`, ...), each shop its own. */
  readonly prefix: string;
  /** One "MM / YY" field, or two selects (month as numbers or names; two- or four-digit years). */
  readonly expiry:
    | { readonly kind: 'one-field'; readonly placeholder: string }
    | { readonly kind: 'selects'; readonly months: 'numbers' | 'names'; readonly yearDigits: 2 | 4 };
  /** Whether the fields carry `cc-*` autocomplete tokens (some shops leave them off). */
  readonly autocomplete: boolean;
  readonly nameOnCard?: boolean;
  /** A card-type select the number must match. */
  readonly cardType?: boolean;
  /** A billing address with a "same as shipping" box, unticked: tick it or fill the fields. */
  readonly billing?: boolean;
  /** The processor hosts number, expiry and CVC in frames of its own origin. */
  readonly hosted?: HostedFields;
  /** The form's id (the hosted fields' script submits it). */
  readonly formId?: string;
}

const BRANDS = [
  { value: 'visa', label: 'Visa', pattern: /^4/ },
  { value: 'mastercard', label: 'Mastercard', pattern: /^(5[1-5]|2[2-7])/ },
  { value: 'amex', label: 'American Express', pattern: /^3[47]/ },
] as const;

const ac = (style: CardFormStyle, token: string) => (style.autocomplete ? ` autocomplete="${token}"` : '');

const row = (label: string, id: string, control: string) =>
  `<div class="card-row"><label for="${id}">${esc(label)}</label> ${control}</div>`;

const expiryControls = (style: CardFormStyle): string => {
  const p = style.prefix;
  if (style.expiry.kind === 'one-field')
    return row(
      'Expiry date',
      `${p}exp`,
      `<input id="${p}exp" name="${p}exp"${ac(style, 'cc-exp')} placeholder="${esc(style.expiry.placeholder)}" required>`,
    );
  const { months, yearDigits } = style.expiry;
  const thisYear = new Date().getUTCFullYear();
  const monthOptions = MONTHS.map(
    (name, index) =>
      `<option value="${index + 1}">${months === 'names' ? name : String(index + 1).padStart(2, '0')}</option>`,
  ).join('');
  const yearOptions = Array.from({ length: 12 }, (_, index) => thisYear + index)
    .map((year) => {
      const shown = yearDigits === 2 ? String(year).slice(2) : String(year);
      return `<option value="${shown}">${shown}</option>`;
    })
    .join('');
  return `<div class="card-row"><span>Expiration</span> <label for="${p}month">Month</label><select id="${p}month" name="${p}month"${ac(style, 'cc-exp-month')} required><option value="">Month</option>${monthOptions}</select>
<label for="${p}year">Year</label><select id="${p}year" name="${p}year"${ac(style, 'cc-exp-year')} required><option value="">Year</option>${yearOptions}</select></div>`;
};

const billingControls = (style: CardFormStyle): string => {
  const p = style.prefix;
  return `<fieldset class="billing"><legend>Billing address</legend>
<label><input type="checkbox" name="${p}billing_same" value="1"> Same as shipping address</label>
<div class="billing-fields">${row('Billing street address', `${p}bline1`, `<input id="${p}bline1" name="${p}bline1" autocomplete="billing address-line1">`)}
${row('Billing ZIP code', `${p}bzip`, `<input id="${p}bzip" name="${p}bzip" autocomplete="billing postal-code">`)}</div></fieldset>`;
};

/** The card fields of a shop's payment form, in its style. */
export const cardFormFields = (style: CardFormStyle): string => {
  const p = style.prefix;
  const parts: string[] = [];
  if (style.cardType)
    parts.push(
      row(
        'Card type',
        `${p}type`,
        `<select id="${p}type" name="${p}type"${ac(style, 'cc-type')} required><option value="">Select</option>${BRANDS.map((brand) => `<option value="${brand.value}">${brand.label}</option>`).join('')}</select>`,
      ),
    );
  if (style.nameOnCard)
    parts.push(
      row('Name on card', `${p}holder`, `<input id="${p}holder" name="${p}holder"${ac(style, 'cc-name')} required>`),
    );
  if (style.hosted) parts.push(hostedCardFields(style.hosted, style.formId ?? 'checkout'));
  else {
    parts.push(
      row(
        'Card number',
        `${p}number`,
        `<input id="${p}number" name="${p}number"${ac(style, 'cc-number')} inputmode="numeric" required>`,
      ),
    );
    parts.push(expiryControls(style));
    parts.push(
      row(
        'Security code (CVC)',
        `${p}cvc`,
        `<input id="${p}cvc" name="${p}cvc"${ac(style, 'cc-csc')} inputmode="numeric" maxlength="4" required>`,
      ),
    );
  }
  if (style.billing) parts.push(billingControls(style));
  return parts.join('\n');
};

const fourDigitYear = (text: string): number => (text.length === 2 ? 2000 + Number(text) : Number(text));

/** The typed card a form sent, or what the shopper is told to correct (before the processor is asked). */
export const readCardForm = (
  form: URLSearchParams,
  style: CardFormStyle,
): { readonly card: TypedCard } | { readonly problem: string } => {
  const p = style.prefix;
  const get = (name: string) => (form.get(name) ?? '').trim();
  const number = style.hosted ? get(HOSTED_NAMES.number) : get(`${p}number`);
  const cvc = style.hosted ? get(HOSTED_NAMES.cvc) : get(`${p}cvc`);
  const expiry =
    style.hosted || style.expiry.kind === 'one-field'
      ? readExpiry(style.hosted ? get(HOSTED_NAMES.expiry) : get(`${p}exp`))
      : /^\d+$/.test(get(`${p}month`)) && /^\d{2,4}$/.test(get(`${p}year`))
        ? { month: Number(get(`${p}month`)), year: fourDigitYear(get(`${p}year`)) }
        : null;
  if (!number || !cvc) return { problem: 'Please enter your card details.' };
  if (!expiry) return { problem: 'Please enter the card expiry date.' };
  if (style.cardType) {
    const brand = BRANDS.find((candidate) => candidate.pattern.test(number.replace(/\D/g, '')));
    if (!brand || brand.value !== get(`${p}type`)) return { problem: 'The card type does not match the card number.' };
  }
  if (style.nameOnCard && !get(`${p}holder`)) return { problem: 'Please enter the name on the card.' };
  if (style.billing && get(`${p}billing_same`) !== '1' && !(get(`${p}bline1`) && get(`${p}bzip`)))
    return { problem: 'Please enter a billing address or tick "Same as shipping address".' };
  const holder = get(`${p}holder`);
  return {
    card: { number, expMonth: expiry.month, expYear: expiry.year, cvc, ...(holder ? { name: holder } : {}) },
  };
};

/** What a shop tells the shopper about a card payment that placed no order. */
const cardRefusal = (payment: Exclude<CardPayment, PlacedOrder>): string => {
  if (payment.refused === 'card_invalid') return payment.problems.join(' ');
  if (payment.refused === 'declined') return 'Your card was declined.';
  return 'The payment could not be processed. Please try again later.';
};

/**
 * The shop's processor on its card form's submission: the typed card read in the form's style,
 * then `payCard`. The order, or what the shopper is told (a form problem, a decline).
 */
export const payByCardForm = async (
  orders: OrderBook,
  form: URLSearchParams,
  style: CardFormStyle,
  checkout: Omit<CardCheckout, 'card'>,
): Promise<CardFormPayment> => {
  const read = readCardForm(form, style);
  if ('problem' in read) return read;
  return cardPayment(await orders.payCard({ ...checkout, card: read.card }));
};

/** The order, a decline (the issuer's or the shop's processor's), or another problem to show the shopper. */
export type CardFormPayment =
  | { readonly order: PlacedOrder }
  | { readonly declined: true; readonly problem: string }
  | { readonly problem: string };

export const cardPayment = (payment: CardPayment): CardFormPayment => {
  if (!('refused' in payment)) return { order: payment };
  return payment.refused === 'declined'
    ? { declined: true, problem: cardRefusal(payment) }
    : { problem: cardRefusal(payment) };
};
