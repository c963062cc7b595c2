import { z } from 'zod';

/** Schemas made by `oneOrMany`, recognised where the OpenAPI document is rendered. */
const ONE_OR_MANY = new WeakSet<z.core.$ZodType>();

/**
 * A request field that takes an array of items, or one item alone as its only element (ADR
 * 0813). Parsed as the array, so every rule and error names `field[0]...`; documented (for the
 * typed client too) as either form, the array first.
 */
export const oneOrMany = <Item extends z.ZodType>(array: z.ZodArray<Item>) => {
  const schema = z.preprocess(
    (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value] : value),
    array,
  );
  ONE_OR_MANY.add(schema);
  return schema;
};

type JsonSchema = Record<string, unknown>;

/**
 * `z.toJSONSchema`'s `override` for request (input) schemas: a oneOrMany field becomes
 * `anyOf: [the array, one item]`.
 */
export const documentOneOrMany = (ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void => {
  if (!ONE_OR_MANY.has(ctx.zodSchema)) return;
  const array = { ...ctx.jsonSchema };
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  ctx.jsonSchema.anyOf = [array, { ...(array.items as JsonSchema), description: 'One item alone: read as [item]' }];
};
