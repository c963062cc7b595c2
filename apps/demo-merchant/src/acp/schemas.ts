import { z } from 'zod';

/** Request bodies of the Agentic Commerce Protocol checkout sessions (2025-09-29 and 2026-01-16 field names). */
const text = (max: number) => z.string().trim().min(1).max(max);

export const acpAddressSchema = z
  .object({
    name: text(256),
    line_one: text(60),
    line_two: z.string().trim().max(60).nullish(),
    city: text(60),
    state: z.string().trim().max(60).nullish(),
    country: z.string().trim().regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code'),
    postal_code: text(20),
    phone_number: z.string().trim().max(32).nullish(),
  })
  .superRefine((address, context) => {
    // Tax in the United States depends on the state, so a US address without one cannot be priced.
    if (address.country.toUpperCase() === 'US' && !address.state) {
      context.addIssue({ code: 'custom', path: ['state'], message: 'state is required for US addresses', input: address.state });
    }
  });

export const acpBuyerSchema = z.object({
  first_name: text(256),
  last_name: z.string().trim().max(256).nullish(),
  email: z.email().max(256),
  phone_number: z.string().trim().max(32).nullish(),
});

const itemSchema = z.object({ id: text(128), quantity: z.number().int().min(1).max(99) });

const fulfillmentDetailsSchema = z.object({
  name: z.string().trim().max(256).nullish(),
  phone_number: z.string().trim().max(32).nullish(),
  email: z.email().nullish(),
  address: acpAddressSchema.nullish(),
});

const selectedFulfillmentOptionSchema = z.object({
  type: z.string().nullish(),
  option_id: text(64),
  item_ids: z.array(z.string()).nullish(),
});

const sessionFields = {
  buyer: acpBuyerSchema.nullish(),
  fulfillment_address: acpAddressSchema.nullish(),
  fulfillment_option_id: text(64).nullish(),
  fulfillment_details: fulfillmentDetailsSchema.nullish(),
  selected_fulfillment_options: z.array(selectedFulfillmentOptionSchema).max(1).nullish(),
};

export const createSessionSchema = z.object({ items: z.array(itemSchema).min(1).max(20), ...sessionFields });
export const updateSessionSchema = z.object({ items: z.array(itemSchema).min(1).max(20).nullish(), ...sessionFields });
export const completeSessionSchema = z.object({
  buyer: acpBuyerSchema.nullish(),
  payment_data: z.object({ token: text(512), provider: text(64), billing_address: acpAddressSchema.nullish() }),
});

export type AcpAddress = z.infer<typeof acpAddressSchema>;
export type AcpBuyer = z.infer<typeof acpBuyerSchema>;
export type UpdateSessionBody = z.infer<typeof updateSessionSchema>;
export type CompleteSessionBody = z.infer<typeof completeSessionSchema>;
