import { cardPartOf } from '../../src/browser/card/card-fields.js';
import { brandOption, expiryText, monthOption, yearOption } from '../../src/browser/card/type-card.js';
import type { VirtualCard } from '../../src/strategy/strategy-port.js';

const field = (described: Partial<Parameters<typeof cardPartOf>[0]>) => ({
  tag: 'input' as const,
  type: 'text',
  autocomplete: '',
  label: '',
  placeholder: '',
  name: '',
  id: '',
  ...described,
});

const CARD: VirtualCard = {
  number: '4000009911112222',
  expMonth: 3,
  expYear: 2029,
  cvc: '123',
  cardholderName: 'Alice Shopper',
  brand: 'visa',
  last4: '2222',
};

describe('what card datum a field takes', () => {
  it.each([
    ['cc-number', field({ autocomplete: 'cc-number' }), 'number'],
    ['a sectioned cc-exp', field({ autocomplete: 'section-pay billing cc-exp' }), 'expiry'],
    ['cc-exp-month on a select', field({ tag: 'select', autocomplete: 'cc-exp-month' }), 'month'],
    ['cc-csc', field({ autocomplete: 'cc-csc' }), 'cvc'],
    ['cc-name', field({ autocomplete: 'cc-name' }), 'holder'],
    ['cc-type', field({ tag: 'select', autocomplete: 'cc-type' }), 'type'],
    ['"Card number" label', field({ label: 'Card number' }), 'number'],
    ['"Name on card" label', field({ label: 'Name on card' }), 'holder'],
    ['a "Security code (CVC)" label', field({ label: 'Security code (CVC)' }), 'cvc'],
    ['a "CVV" aria-label in a frame', field({ label: 'CVV' }), 'cvc'],
    ['an "MM / YY" placeholder', field({ placeholder: 'MM / YY' }), 'expiry'],
    ['an "Expiration date" label', field({ label: 'Expiration date' }), 'expiry'],
    ['a "Month" select named card_month', field({ tag: 'select', label: 'Month', name: 'card_month' }), 'month'],
    ['a "Year" select named cc_year', field({ tag: 'select', label: 'Year', name: 'cc_year' }), 'year'],
    ['a "Card type" select', field({ tag: 'select', label: 'Card type' }), 'type'],
    [
      'a "Card code" tel input with autocomplete off',
      field({ type: 'tel', autocomplete: 'off', label: 'Card code *', placeholder: 'CVC' }),
      'cvc',
    ],
    [
      'a month select under a shared "Expiration Date" label',
      field({ tag: 'select', label: 'Expiration Date', name: 'payment[cc_exp_month]', id: 'paykit_cc_expiration' }),
      'month',
    ],
    ['a "Card number" tel input', field({ type: 'tel', label: 'Card number' }), 'number'],
  ] as const)('%s', (_, described, part) => {
    expect(cardPartOf(described)).toBe(part);
  });

  it.each([
    ['an email field', field({ type: 'email', label: 'Email' })],
    ['a shipping name', field({ autocomplete: 'shipping name', label: 'Full name' })],
    ['a birth month select with no word of a card', field({ tag: 'select', label: 'Month', name: 'birth_month' })],
    ['a "Month" text input', field({ label: 'Month', name: 'card_month' })],
    ['a payment token field', field({ label: 'Payment token', name: 'payment_token' })],
    ['a gift card code', field({ label: 'Gift card code' })],
    ['a gift card number', field({ label: 'Gift card number', name: 'gc_number' })],
    ['a select labelled "Expiration Date" alone', field({ tag: 'select', label: 'Expiration Date', name: 'exp' })],
    ['a phone tel input', field({ type: 'tel', label: 'Phone number', name: 'billing_phone' })],
  ] as const)('none for %s', (_, described) => {
    expect(cardPartOf(described)).toBeNull();
  });
});

describe('the card written as the form asks', () => {
  it.each([
    ['MM/YY', 0, '03/29'],
    ['MM / YY', 0, '03 / 29'],
    ['MM/YYYY', 0, '03/2029'],
    ['MM/JJ', 0, '03/29'],
    ['', 4, '0329'],
    ['', 7, '03 / 29'],
  ] as const)('expiry placeholder "%s" (maxlength %i): %s', (placeholder, maxLength, text) => {
    expect(expiryText({ placeholder, label: '' }, maxLength, CARD)).toBe(text);
  });

  const options = (labels: readonly string[], values = labels) =>
    labels.map((label, index) => ({ label, value: values[index] ?? label, disabled: false }));

  it('chooses the month by number or by name', () => {
    expect(monthOption(options(['Month', '01', '02', '03'], ['', '1', '2', '3']), 3)?.value).toBe('3');
    expect(monthOption(options(['January', 'February', 'March'], ['a', 'b', 'c']), 3)?.value).toBe('c');
    expect(monthOption(options(['Jan', 'Feb', 'Mar'], ['x', 'y', 'z']), 3)?.value).toBe('z');
    expect(monthOption(options(['January']), 3)).toBeUndefined();
  });

  it('chooses the year written with four or two digits', () => {
    expect(yearOption(options(['2028', '2029']), 2029)?.value).toBe('2029');
    expect(yearOption(options(['28', '29']), 2029)?.value).toBe('29');
    expect(yearOption(options(['2030']), 2029)).toBeUndefined();
  });

  it("chooses the card type naming the card's brand", () => {
    expect(brandOption(options(['Select', 'Mastercard', 'Visa'], ['', 'mc', 'vi']), 'visa')?.value).toBe('vi');
    expect(brandOption(options(['Visa', 'Master Card'], ['v', 'm']), 'mastercard')?.value).toBe('m');
    expect(brandOption(options(['American Express']), 'visa')).toBeUndefined();
  });
});
