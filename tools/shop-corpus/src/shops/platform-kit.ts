import { type CardFormPayment, type CardFormStyle, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import type { HostedFields } from '../server/hosted-fields.js';
import { esc } from '../server/html.js';
import type { OrderBook } from '../server/order-book.js';
import { US_STATES } from '../server/places.js';

/**
 * What the platform imitations (docs/adr/0232) share: a product with variants, a cart with its
 * shipping and tax, the platforms' own card field names read through the corpus card form, and
 * the visually-hidden class every platform theme has.
 */
export interface Variant {
  readonly sku: string;
  /** The option value as the theme shows it ("M", "Ocean Blue"). */
  readonly label: string;
  readonly cents: number;
  readonly soldOut?: boolean;
}

export interface PlatformProduct {
  readonly name: string;
  readonly variants: readonly Variant[];
}

export interface PlatformSession {
  readonly cart: Cart;
  /** The steps' answers so far (address, shipping choice), by the platform's field names. */
  details: Record<string, string>;
}

export const newPlatformSession = (): PlatformSession => ({ cart: new Cart(), details: {} });

/** The theme's screen-reader-only class: present to assistive technology, invisible on screen. */
export const VISUALLY_HIDDEN_CSS =
  'position:absolute!important;overflow:hidden;clip:rect(0 0 0 0);height:1px;width:1px;margin:-1px;padding:0;border:0;white-space:nowrap';

/** Adds the variant found by `pick` (an available one) to the cart; false when there is none to add. */
export const addVariant = (
  session: PlatformSession,
  product: PlatformProduct,
  pick: (variant: Variant) => boolean,
  quantity: number,
): boolean => {
  const variant = product.variants.find((candidate) => pick(candidate) && !candidate.soldOut);
  if (!variant || !(quantity >= 1 && quantity <= 10)) return false;
  session.cart.add({
    sku: variant.sku,
    name: `${product.name} - ${variant.label}`,
    quantity,
    unitCents: variant.cents,
  });
  return true;
};

/** A shop's prices past the cart: flat shipping and a tax rate in basis points on the goods. */
export interface Charges {
  readonly shippingCents: number;
  readonly taxBasisPoints: number;
}

export const totalsOf = (cart: Cart, charges: Charges) => {
  const tax = Math.round((cart.subtotalCents * charges.taxBasisPoints) / 10_000);
  const shipping = cart.count > 0 ? charges.shippingCents : 0;
  return { subtotal: cart.subtotalCents, shipping, tax, total: cart.subtotalCents + shipping + tax };
};

/** US state `<option>`s valued as the platform stores them: the code, the name, or a numeric id. */
export const stateOptions = (value: 'code' | 'name' | 'id', selected = ''): string =>
  US_STATES.map(([code, name], index) => {
    const stored = value === 'code' ? code : value === 'name' ? name : String(index + 1);
    return `<option value="${esc(stored)}"${stored === selected ? ' selected' : ''}>${esc(name)}</option>`;
  }).join('');

/** Where a platform's card form puts each part of the card (its own field names). */
export type PlatformCardFields =
  | { readonly hosted: HostedFields; readonly holder?: string }
  | {
      readonly number: string;
      readonly cvc: string;
      readonly expiry: { readonly field: string } | { readonly month: string; readonly year: string };
      /** A card-type select the number must match (values visa, mastercard, amex). */
      readonly type?: string;
      readonly holder?: string;
    };

const PREFIX = 'platform-';

/**
 * Reads the card from the platform's field names as the corpus card form would read its own,
 * then pays with the shop's processor: the order, or what the shopper is told.
 */
export const payWithPlatformCard = (
  orders: OrderBook,
  form: URLSearchParams,
  fields: PlatformCardFields,
  checkout: Parameters<typeof payByCardForm>[3],
): Promise<CardFormPayment> => {
  if ('hosted' in fields) {
    const renamed = new URLSearchParams(form);
    if (fields.holder) renamed.set(`${PREFIX}holder`, form.get(fields.holder) ?? '');
    const style: CardFormStyle = {
      prefix: PREFIX,
      expiry: { kind: 'one-field', placeholder: '' },
      autocomplete: true,
      hosted: fields.hosted,
      nameOnCard: Boolean(fields.holder),
    };
    return payByCardForm(orders, renamed, style, checkout);
  }
  const renamed = new URLSearchParams();
  const copy = (from: string | undefined, to: string) => {
    if (from) renamed.set(`${PREFIX}${to}`, form.get(from) ?? '');
  };
  copy(fields.number, 'number');
  copy(fields.cvc, 'cvc');
  copy(fields.type, 'type');
  copy(fields.holder, 'holder');
  if ('field' in fields.expiry) copy(fields.expiry.field, 'exp');
  else {
    copy(fields.expiry.month, 'month');
    copy(fields.expiry.year, 'year');
  }
  const style: CardFormStyle = {
    prefix: PREFIX,
    expiry:
      'field' in fields.expiry
        ? { kind: 'one-field', placeholder: '' }
        : { kind: 'selects', months: 'numbers', yearDigits: 4 },
    autocomplete: true,
    cardType: Boolean(fields.type),
    nameOnCard: Boolean(fields.holder),
  };
  return payByCardForm(orders, renamed, style, checkout);
};

/** Years for an expiry-year select, this year first. */
export const expiryYears = (count = 10): readonly number[] =>
  Array.from({ length: count }, (_, index) => new Date().getUTCFullYear() + index);
