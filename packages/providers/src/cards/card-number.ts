export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** Digits only: hosted fields send numbers with the spaces or dashes the cardholder typed. */
export const normalizeCardNumber = (number: string): string => number.replace(/[\s-]/g, '');

/** The Luhn (mod 10) check every card number carries in its last digit. */
export const passesLuhn = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const inRange = (digits: string, length: number, low: number, high: number): boolean => {
  const prefix = Number(digits.slice(0, length));
  return prefix >= low && prefix <= high;
};

/** The network, from the issuer identification number at the start of the card number. */
export const brandOf = (digits: string): CardBrand => {
  if (digits.startsWith('4')) return 'visa';
  if (inRange(digits, 2, 51, 55) || inRange(digits, 4, 2221, 2720)) return 'mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || inRange(digits, 3, 644, 649)) return 'discover';
  return 'unknown';
};

const LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
  unknown: [12, 13, 14, 15, 16, 17, 18, 19],
};

export const hasValidLength = (digits: string, brand: CardBrand): boolean => LENGTHS[brand].includes(digits.length);

/** American Express prints a 4-digit security code on the front; the others 3 on the back. */
export const cvcLengthOf = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

export const last4Of = (digits: string): string => digits.slice(-4);
