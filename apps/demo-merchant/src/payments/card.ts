import { type Clock } from '@paykit/kernel';

/** Luhn checksum of a card number (digits only). */
export const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
};

/** Strips the spaces and dashes people type into card numbers. */
export const normaliseCardNumber = (input: string): string => input.replace(/[\s-]/g, '');

/** An `MM/YY` expiry that is this month or later. */
export const isUnexpired = (expiry: string, clock: Clock): boolean => {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const now = clock.now();
  return year > now.getUTCFullYear() || (year === now.getUTCFullYear() && month >= now.getUTCMonth() + 1);
};

/** Field errors for a typed card: number (Luhn), expiry (MM/YY, not past). Empty when the card is usable. */
export const cardFieldErrors = (
  card: { readonly card_number: string; readonly card_expiry: string },
  clock: Clock,
): Readonly<Record<string, string>> => {
  const errors: Record<string, string> = {};
  const digits = normaliseCardNumber(card.card_number);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.card_number = 'Your card number is invalid.';
  if (!isUnexpired(card.card_expiry, clock)) errors.card_expiry = 'Enter a valid expiry date (MM/YY).';
  return errors;
};
