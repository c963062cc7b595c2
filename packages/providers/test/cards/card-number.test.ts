import {
  brandOf,
  cvcLengthOf,
  hasValidLength,
  last4Of,
  normalizeCardNumber,
  passesLuhn,
  TEST_CARDS,
} from '../../src/index.js';

describe('card numbers', () => {
  it('accepts every test card under the Luhn check', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
  });

  it.each(['4242424242424241', '4000000000000003', '1234567812345678', '42424242a4242424', ''])(
    'refuses %p',
    (number) => {
      expect(passesLuhn(number)).toBe(false);
    },
  );

  it('drops the spaces and dashes people type', () => {
    expect(normalizeCardNumber('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'unknown'],
  ] as const)('brands %s as %s', (number, brand) => {
    expect(brandOf(number)).toBe(brand);
    expect(hasValidLength(number, brand)).toBe(true);
  });

  it('checks the length of the brand and the length of its security code', () => {
    expect(hasValidLength('37828224631000', 'amex')).toBe(false);
    expect([cvcLengthOf('amex'), cvcLengthOf('visa')]).toEqual([4, 3]);
    expect(last4Of('4000002500003155')).toBe('3155');
  });
});
