import { z } from 'zod';
import { characters, countryCode } from '../agent-checkouts/fields.js';
import { calendarDate } from '../documents/calendar-date.js';

export const UserLocatorParams = z.object({
  userLocator: z
    .string()
    .min(1)
    .max(300)
    .describe('email:<email>, userId:<id>, phoneNumber:<E.164>, twitter:<handle> or x:<handle>'),
});

const PostalAddress = z.strictObject({
  line1: characters(1, 200),
  line2: characters(1, 200).optional(),
  city: characters(1, 100),
  state: characters(1, 50).optional(),
  postalCode: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,14}$/, 'must be a postal code (letters, digits, spaces, hyphens)'),
  country: countryCode(),
});

const UserDetailsSection = z.strictObject({
  firstName: characters(1, 100),
  lastName: characters(1, 100),
  dateOfBirth: calendarDate().describe('YYYY-MM-DD; the user must be at least 18'),
  countryOfResidence: countryCode().optional(),
});

const KycDataSection = z
  .strictObject({
    email: z.email({ error: 'must be an email address' }).max(254).optional(),
    phoneNumber: z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number such as +14155550123')
      .optional(),
    address: PostalAddress.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'must have at least one property' });

/**
 * User details and KYC data: personal data, never logged and kept sealed. Each section sent
 * replaces the stored one; a section left out is kept.
 */
export const PutUserBody = z
  .strictObject({ userDetails: UserDetailsSection.optional(), kycData: KycDataSection.optional() })
  .refine((value) => value.userDetails !== undefined || value.kycData !== undefined, {
    message: 'must have userDetails, kycData or both',
  })
  .meta({ id: 'PutUserRequest' });
export type PutUserBody = z.infer<typeof PutUserBody>;

export const UserResponse = z
  .object({
    userLocator: z.string(),
    userDetails: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        dateOfBirth: z.string(),
        countryOfResidence: z.string().optional(),
      })
      .optional(),
    kycData: z
      .object({
        email: z.string().optional(),
        phoneNumber: z.string().optional(),
        address: z
          .object({
            line1: z.string(),
            line2: z.string().optional(),
            city: z.string(),
            state: z.string().optional(),
            postalCode: z.string(),
            country: z.string(),
          })
          .optional(),
      })
      .optional(),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'User' });
export type UserResponse = z.infer<typeof UserResponse>;
