import { z } from 'zod';
import { NextCursor, PreviousCursor } from '../common/pagination.js';
import { characters, countryCode, cursor, notEmptyObject, queryInteger, utcTimestamp, uuid } from './fields.js';

/**
 * Buyer profiles: who buys and where it ships. Strict objects keep payment data out: a card
 * number or any other unknown field is refused, never stored.
 */
const label = () => characters(1, 100);
const name = z.strictObject({ first: characters(1, 100), last: characters(1, 100) });
const contact = z
  .strictObject({
    email: z.email({ error: 'must be an email address' }).max(254).optional(),
    /** E.164: a plus sign and up to 15 digits. */
    phone: z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number')
      .optional(),
  })
  .refine(notEmptyObject, { message: 'must have at least one property' });
const shipping = z.strictObject({
  addressLines: z.array(characters(1, 200)).min(1).max(3),
  locality: characters(1, 100),
  administrativeAreaCode: characters(1, 10).optional(),
  postalCode: characters(1, 20).optional(),
  countryCode: countryCode(),
});

export const buyerProfileCreateBodySchema = z.strictObject({
  label: label().optional(),
  name: name.optional(),
  contact: contact.optional(),
  shipping,
});

/** PATCH: the fields given replace the stored ones; null removes an optional one. */
export const buyerProfileUpdateBodySchema = z
  .strictObject({
    label: label().nullable().optional(),
    name: name.nullable().optional(),
    contact: contact.nullable().optional(),
    shipping: shipping.optional(),
  })
  .refine(notEmptyObject, { message: 'must have at least one property' });

export const buyerProfileSchema = z.strictObject({
  id: uuid(),
  label: label().optional(),
  name: name.optional(),
  contact: contact.optional(),
  shipping,
  createdAt: utcTimestamp(),
  updatedAt: utcTimestamp(),
});

export const buyerProfileListQuerySchema = z.object({
  cursor: cursor().optional(),
  limit: queryInteger(1, 100).default(20),
});

export const buyerProfileListResponseSchema = z.strictObject({
  data: z.array(buyerProfileSchema),
  nextCursor: NextCursor,
  previousCursor: PreviousCursor,
});

export const buyerProfileParamsSchema = z.strictObject({ id: uuid() });

export type BuyerProfile = z.output<typeof buyerProfileSchema>;
export type BuyerProfileCreateBody = z.output<typeof buyerProfileCreateBodySchema>;
export type BuyerProfileUpdateBody = z.output<typeof buyerProfileUpdateBodySchema>;
