import { isPositiveDecimalWithin } from '@paykit/kernel';
import { z } from 'zod';

/** The issuer's decline reasons (`CardDeclineCode` of @paykit/providers), as the network answers them. */
export const CARD_DECLINE_CODES = [
  'over_cap',
  'merchant_mismatch',
  'card_closed',
  'already_authorized',
  'card_expired',
  'incorrect_cvc',
  'currency_mismatch',
  'unknown_card',
] as const;

// Fixed messages and no enums: an issue must never repeat what was sent (a card number).
const digits = (min: number, max: number, message: string) =>
  z.string({ error: message }).regex(new RegExp(`^\\d{${min},${max}}$`), message);
const whole = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const card = z.strictObject(
  {
    number: digits(12, 19, 'must be 12 to 19 digits'),
    expMonth: whole(1, 12, 'must be a month from 1 to 12'),
    expYear: whole(2000, 2100, 'must be a four-digit year').or(whole(0, 99, 'must be a four-digit year')),
    cvc: digits(3, 4, 'must be 3 or 4 digits'),
  },
  { error: 'must be an object with number, expMonth, expYear and cvc only' },
);

const amount = z.strictObject({
  value: z
    .string({ error: 'must be a positive decimal string' })
    .refine((value) => isPositiveDecimalWithin(value, { maxIntegerDigits: 15, maxFractionDigits: 6 }), {
      error: 'must be a positive decimal string',
    }),
  currency: z
    .string({ error: 'must be an ISO 4217 code' })
    .regex(/^[A-Za-z]{3}$/, 'must be an ISO 4217 code')
    .transform((code) => code.toUpperCase()),
});

const merchant = z.strictObject({
  name: z
    .string({ error: 'must be 1 to 200 characters' })
    .min(1, 'must be 1 to 200 characters')
    .max(200, 'must be 1 to 200 characters'),
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2048, 'must be an http(s) URL'),
});

/**
 * Staging only: what a shop's payment processor asks the card network about a card it was given
 * (docs/adr/0226). The issuer answers whether it pays; the card's details are never kept or logged.
 */
export const CardNetworkAuthorizationBody = z
  .strictObject({ card, amount, merchant })
  .meta({ id: 'CardNetworkAuthorizationRequest' });
export type CardNetworkAuthorizationBody = z.infer<typeof CardNetworkAuthorizationBody>;

export const CardNetworkAuthorizationResponse = z
  .strictObject({
    authorizationId: z.string(),
    approved: z.boolean(),
    declineCode: z.enum(CARD_DECLINE_CODES).optional(),
  })
  .meta({ id: 'CardNetworkAuthorization' });
export type CardNetworkAuthorizationResponse = z.infer<typeof CardNetworkAuthorizationResponse>;
