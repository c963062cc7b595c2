import { type TypedCard, readExpiry } from './card-processor.js';

/** A card form as most shops write it: number, expiry as one field (MM / YY), security code, name on card. */
export const CARD_FIELDS = `<fieldset><legend>Card details</legend>
<p><label>Card number <input name="cardnumber" autocomplete="cc-number" inputmode="numeric" required></label></p>
<p><label>Expiry (MM / YY) <input name="exp-date" autocomplete="cc-exp" placeholder="MM / YY" required></label></p>
<p><label>Security code <input name="cvc" autocomplete="cc-csc" inputmode="numeric" required></label></p>
<p><label>Name on card <input name="ccname" autocomplete="cc-name" required></label></p></fieldset>`;

/** The card the form of `CARD_FIELDS` sent; null when its expiry cannot be read. */
export const cardFromForm = (form: URLSearchParams): TypedCard | null => {
  const expiry = readExpiry(form.get('exp-date') ?? '');
  if (!expiry) return null;
  return {
    number: form.get('cardnumber') ?? '',
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: form.get('cvc') ?? '',
    name: form.get('ccname') ?? '',
  };
};
