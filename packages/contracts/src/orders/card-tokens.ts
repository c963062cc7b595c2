import { z } from 'zod';

// Fixed messages and no enums: an issue must never repeat what was sent (a card number).
const digits = (min: number, max: number, message: string) =>
  z.string({ error: message }).regex(new RegExp(`^\\d{${min},${max}}$`), message);

/** Card details for the vault; the API passes them on and keeps nothing (ADR 0101). */
export const CardTokenBody = z
  .object({
    number: digits(12, 19, 'must be 12 to 19 digits'),
    expMonth: z
      .number({ error: 'must be a month from 1 to 12' })
      .int('must be a month from 1 to 12')
      .min(1, 'must be a month from 1 to 12')
      .max(12, 'must be a month from 1 to 12'),
    expYear: z
      .number({ error: 'must be a four-digit year' })
      .int('must be a four-digit year')
      .min(2000, 'must be a four-digit year')
      .max(2100, 'must be a four-digit year'),
    cvc: digits(3, 4, 'must be 3 or 4 digits'),
  })
  .meta({ id: 'CardTokenRequest' });
export type CardTokenBody = z.infer<typeof CardTokenBody>;

export const CardTokenResponse = z
  .object({
    token: z
      .string()
      .describe(
        'Pay one order of this project with it: POST .../orders/{orderId}/payment {type: card-token, token}. ' +
          'Single-use: another payment with it is refused (card_token_used).',
      ),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    expiresAt: z.string().describe('After this (15 minutes after tokenizing) it pays nothing: card_token_expired'),
  })
  .meta({ id: 'CardToken' });
export type CardTokenResponse = z.infer<typeof CardTokenResponse>;

export const CardVerificationParams = z.object({
  verificationId: z.string().regex(/^vrf_[A-Za-z0-9-]{1,80}$/, 'must be a verification id'),
});

/** Sandbox only: the cardholder's answer at the issuer's verification page. */
export const CardVerificationBody = z
  .object({ outcome: z.enum(['succeeded', 'failed']) })
  .meta({ id: 'CardVerificationRequest' });
export type CardVerificationBody = z.infer<typeof CardVerificationBody>;

export const CardVerificationResponse = z
  .object({ verificationId: z.string(), status: z.string().describe('The charge: succeeded or declined') })
  .meta({ id: 'CardVerification' });
export type CardVerificationResponse = z.infer<typeof CardVerificationResponse>;
