import { z } from 'zod';
import { type VersionShape } from './version-shapes.js';

/**
 * The request bodies of each API version, built from its shape (version-shapes.ts). Objects
 * are not strict: a field the version does not define is ignored, as the protocol's forward
 * compatibility asks; a field it does define must have the version's type.
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const acpAddressSchema = z
  .object({
    name: text(256),
    line_one: text(60),
    line_two: optionalText(60),
    city: text(60),
    // Required by every version, but only meaningful where a country has states.
    state: z.string().trim().max(60),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'expected an ISO 3166-1 alpha-2 country code'),
    postal_code: text(20),
  })
  .superRefine((address, context) => {
    // Tax in the United States depends on the state, so a US address without one cannot be priced.
    if (address.country.toUpperCase() === 'US' && address.state === '') {
      context.addIssue({
        code: 'custom',
        path: ['state'],
        message: 'state is required for US addresses',
        input: address.state,
      });
    }
  });
export type AcpAddress = z.infer<typeof acpAddressSchema>;

const buyerSchema = (required: VersionShape['buyerRequires']) => {
  const name = (field: 'first_name' | 'last_name') => (required.includes(field) ? text(256) : text(256).optional());
  return z.object({
    first_name: name('first_name'),
    last_name: name('last_name'),
    full_name: text(512).optional(),
    email: z.email().max(256),
    phone_number: optionalText(32),
  });
};
export type AcpBuyer = z.infer<ReturnType<typeof buyerSchema>>;

const quantities = {
  number: z.number().positive().max(99).refine(Number.isInteger, 'this shop sells whole units only'),
  integer: z.number().int().min(1).max(99),
  // The version's item has no quantity; one sent anyway (every other version has it) is honoured.
  repeat: z.number().int().min(1).max(99).optional(),
} as const;

const itemsSchema = (shape: VersionShape) =>
  z
    .array(
      z.object({
        id: text(128),
        quantity: shape.quantity === 'repeat' ? quantities.repeat : quantities[shape.quantity],
      }),
    )
    .min(1)
    .max(20);

const fulfillmentDetailsSchema = z.object({
  name: optionalText(256),
  phone_number: optionalText(32),
  email: z.email().optional(),
  address: acpAddressSchema.optional(),
});

const selectionSchemas = {
  nested: z.array(
    z.object({
      type: z.enum(['shipping', 'digital']),
      shipping: z.object({ option_id: text(64), item_ids: z.array(z.string()) }).optional(),
      digital: z.object({ option_id: text(64), item_ids: z.array(z.string()) }).optional(),
    }),
  ),
  flat: z.array(
    z.object({
      type: z.enum(['shipping', 'digital', 'pickup', 'local_delivery']),
      option_id: text(64),
      item_ids: z.array(z.string()),
    }),
  ),
} as const;

/** Create (`items` required) or update (everything optional) in the version's field names. */
export const sessionBodySchema = (shape: VersionShape, operation: 'create' | 'update') => {
  const items = itemsSchema(shape);
  const fields: Record<string, z.ZodType> = {
    [shape.requestItems]: operation === 'create' ? items : items.optional(),
    buyer: buyerSchema(shape.buyerRequires).optional(),
  };
  if (shape.fulfillment === 'fulfillment_address') {
    fields.fulfillment_address = acpAddressSchema.optional();
    if (operation === 'update') fields.fulfillment_option_id = text(64).optional();
  } else {
    fields.fulfillment_details = fulfillmentDetailsSchema.optional();
    if (operation === 'update')
      fields.selected_fulfillment_options = selectionSchemas[shape.selection === 'flat' ? 'flat' : 'nested'].optional();
  }
  if (operation === 'create') {
    if (shape.createRequires.includes('currency'))
      fields.currency = z.string().regex(/^[A-Za-z]{3}$/, 'expected an ISO 4217 currency code');
    if (shape.createRequires.includes('capabilities')) fields.capabilities = z.record(z.string(), z.unknown());
  }
  return z.object(fields);
};

const paymentDataSchemas = {
  token: z.object({ token: text(512), provider: text(64), billing_address: acpAddressSchema.optional() }),
  instrument: z.object({
    handler_id: text(128).optional(),
    instrument: z.object({ type: text(64), credential: z.object({ type: text(64), token: text(512) }) }).optional(),
    purchase_order_number: text(128).optional(),
    billing_address: acpAddressSchema.optional(),
  }),
} as const;

export const completeBodySchema = (shape: VersionShape) =>
  z.object({
    buyer: buyerSchema(shape.buyerRequires).optional(),
    payment_data: shape.payment === 'handlers' ? paymentDataSchemas.instrument : paymentDataSchemas.token,
  });
