import { z } from 'zod';
import { characters, countryCode } from '../agent-checkouts/fields.js';
import { cursorPage, pageQuery } from '../common/pagination.js';

const BillingAddress = z.strictObject({
  line1: characters(1, 200),
  line2: characters(1, 200).optional(),
  city: characters(1, 100),
  state: characters(1, 50).optional(),
  postalCode: characters(1, 20),
  country: countryCode(),
});

/**
 * A US bank account to pay out to. The account number goes to the bank-account vault and is
 * never stored, logged or shown: responses carry its last four digits.
 */
export const CreatePaymentMethodBody = z
  .strictObject({
    type: z.literal('bank-account-us'),
    userLocator: z.string().min(1).max(300).describe('The user the account belongs to, e.g. email:ana@example.com'),
    bankAccount: z.strictObject({
      accountNumber: z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits'),
      routingNumber: z.string().regex(/^\d{9}$/, 'must be a 9-digit ABA routing number'),
      accountType: z.enum(['checking', 'savings']),
      bankName: characters(1, 100),
      currency: z.literal('usd'),
      country: z.literal('US'),
      entityType: z.enum(['individual', 'business']),
      billing: z.strictObject({ name: characters(1, 200), address: BillingAddress }),
    }),
  })
  .meta({ id: 'CreatePaymentMethodRequest' });
export type CreatePaymentMethodBody = z.infer<typeof CreatePaymentMethodBody>;

export const PaymentMethodResponse = z
  .object({
    paymentMethodId: z.string().describe('UUID'),
    type: z.literal('bank-account-us'),
    default: z.boolean().describe("The user's payout method used when none is named: their oldest saved one"),
    bankAccount: z.object({
      accountSuffix: z.string().describe('The last four digits of the account number'),
      routingNumber: z.string(),
      bankName: z.string(),
      accountType: z.enum(['checking', 'savings']),
      currency: z.string(),
      country: z.string(),
      entityType: z.enum(['individual', 'business']),
    }),
    createdAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

export const PaymentMethodParams = z.object({ paymentMethodId: z.guid({ error: 'must be a UUID' }) });

export const ListPaymentMethodsQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 }).extend({
  userLocator: z.string().min(1).max(300).optional().describe("Only this user's payment methods"),
});
export type ListPaymentMethodsQuery = z.infer<typeof ListPaymentMethodsQuery>;

export const PaymentMethodPage = cursorPage(PaymentMethodResponse).meta({ id: 'PaymentMethodPage' });
export type PaymentMethodPage = z.infer<typeof PaymentMethodPage>;
