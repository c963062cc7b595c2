import { type Schema, type StripeDocument, isRecord, resolved, schemaNamed } from './stripe-document.js';

/** Stripe's schemas are recursive; a default never goes deeper than this. */
const MAX_DEPTH = 6;

/** The simplest value of a schema: null where nullable, an id for an expandable field, an enum's first value. */
const defaultOf = (document: StripeDocument, schema: Schema, depth: number): unknown => {
  if (schema.nullable === true) return null;
  if (schema['x-expansionResources'] !== undefined) return 'obj_mock';
  const target = resolved(document, schema);
  if (target.nullable === true) return null;
  if (target.enum) return target.enum[0];
  const [first] = target.anyOf ?? target.oneOf ?? [];
  if (first) return defaultOf(document, first, depth);
  switch (target.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
  }
  if (depth >= MAX_DEPTH) return {};
  return Object.fromEntries(
    (target.required ?? []).map((name) => [name, defaultOf(document, target.properties?.[name] ?? {}, depth + 1)]),
  );
};

/** Where an object goes in a schema that allows more than one kind (an expandable field: its object). */
const objectSchemaOf = (document: StripeDocument, schema: Schema): Schema => {
  const target = resolved(document, schema);
  const alternatives = target.anyOf ?? target.oneOf;
  if (!alternatives) return target;
  const object = alternatives
    .map((alternative) => objectSchemaOf(document, alternative))
    .find((alternative) => alternative.type === 'object' || alternative.properties !== undefined);
  return object ?? target;
};

const build = (document: StripeDocument, schema: Schema, values: unknown, depth: number): unknown => {
  if (values === undefined) return defaultOf(document, schema, depth);
  if (!isRecord(values)) return values;
  const target = objectSchemaOf(document, schema);
  const extra = typeof target.additionalProperties === 'object' ? target.additionalProperties : {};
  const base = defaultOf(document, target, depth) as Record<string, unknown>;
  const set = Object.entries(values).map(([name, value]) => [
    name,
    build(document, target.properties?.[name] ?? extra, value, depth + 1),
  ]);
  return { ...base, ...Object.fromEntries(set) };
};

/**
 * An object of one of Stripe's components built from its schema: every required property with
 * its simplest value (enums their first value, expandable fields an id), and on top what the
 * scenario sets. Objects the scenario sets are built the same way from their own schemas.
 */
export const stripeObject = (
  document: StripeDocument,
  component: string,
  values: Record<string, unknown>,
): Record<string, unknown> => build(document, schemaNamed(document, component), values, 0) as Record<string, unknown>;
