import { type CardFormStyle, readCardForm, startHostedFields } from '../src/index.js';

const YEAR = new Date().getUTCFullYear() + 2;
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe("a corpus shop's card form", () => {
  const selects: CardFormStyle = {
    prefix: 'cc_',
    expiry: { kind: 'selects', months: 'names', yearDigits: 2 },
    autocomplete: true,
    cardType: true,
    nameOnCard: true,
    billing: true,
  };
  const typed = {
    cc_number: '4242 4242 4242 4242',
    cc_month: '3',
    cc_year: String(YEAR).slice(2),
    cc_cvc: '123',
    cc_type: 'visa',
    cc_holder: 'Sam Shopper',
    cc_billing_same: '1',
  };

  it('reads the card from two expiry selects with a two-digit year, the card type and the name', () => {
    expect(readCardForm(form(typed), selects)).toEqual({
      card: { number: '4242 4242 4242 4242', expMonth: 3, expYear: YEAR, cvc: '123', name: 'Sam Shopper' },
    });
  });

  it('refuses a card type that does not match the number, and a billing address neither ticked nor filled', () => {
    expect(readCardForm(form({ ...typed, cc_type: 'mastercard' }), selects)).toEqual({
      problem: 'The card type does not match the card number.',
    });
    const { cc_billing_same: _, ...unticked } = typed;
    expect(readCardForm(form(unticked), selects)).toEqual({
      problem: 'Please enter a billing address or tick "Same as shipping address".',
    });
    expect(readCardForm(form({ ...unticked, cc_bline1: '1 Market St', cc_bzip: '94105' }), selects)).toHaveProperty(
      'card',
    );
  });

  it('reads a one-field expiry in the forms shoppers type it', () => {
    const oneField: CardFormStyle = {
      prefix: 'c_',
      expiry: { kind: 'one-field', placeholder: 'MM / YY' },
      autocomplete: true,
    };
    for (const exp of [`03 / ${String(YEAR).slice(2)}`, `03/${YEAR}`, `03${String(YEAR).slice(2)}`])
      expect(readCardForm(form({ c_number: '4242424242424242', c_exp: exp, c_cvc: '123' }), oneField)).toEqual({
        card: { number: '4242424242424242', expMonth: 3, expYear: YEAR, cvc: '123' },
      });
    expect(readCardForm(form({ c_number: '4242424242424242', c_exp: '13/40', c_cvc: '123' }), oneField)).toEqual({
      problem: 'Please enter the card expiry date.',
    });
  });
});

describe("a shop's hosted card fields", () => {
  it('serve one page per field on their own origin, answering only the page that asks, and nothing else', async () => {
    const hosted = await startHostedFields();
    try {
      const number = await fetch(`${hosted.origin}/fields/number`);
      expect(number.status).toBe(200);
      const page = await number.text();
      expect(page).toMatch(/<input id="f" name="number" autocomplete="cc-number"/);
      // The value goes back to the asking window, at its origin only.
      expect(page).toContain('event.source.postMessage(');
      expect(page).toContain('event.origin);');
      expect((await fetch(`${hosted.origin}/fields/pin`)).status).toBe(404);
    } finally {
      await hosted.close();
    }
  });
});
