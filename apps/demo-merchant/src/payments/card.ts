import { type Clock } from '@paykit/kernel';
import type { PaymentMethod } from './payment-types.js';

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

/** The month and four-digit year of an `MM/YY` expiry, or undefined. */
export const expiryOf = (expiry: string): { readonly month: number; readonly year: number } | undefined => {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expiry.trim());
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : undefined;
};

/** The card the payment form names, as the processor takes it (number, expiry, security code). */
export const typedCardOf = (form: {
  readonly card_number: string;
  readonly card_expiry: string;
  readonly card_cvc: string;
}): Extract<PaymentMethod, { kind: 'card' }> => {
  const expiry = expiryOf(form.card_expiry);
  return {
    kind: 'card',
    number: normaliseCardNumber(form.card_number),
    ...(expiry ? { expMonth: expiry.month, expYear: expiry.year } : {}),
    cvc: form.card_cvc.trim(),
  };
};

/** An `MM/YY` expiry that is this month or later. */
export const isUnexpired = (expiry: string, clock: Clock): boolean => {
  const parsed = expiryOf(expiry);
  if (!parsed) return false;
  const { month, year } = parsed;
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
