import { type Schema, type StripeDocument, isRecord, resolved } from './stripe-document.js';

/**
 * Stripe's form encoding (`metadata[order]=1`, `expand[0]=payment_method`, `expand[]=...`) as the
 * nested object it stands for. Every value is still a string: `coerce` gives them their types.
 */
export const decodeForm = (text: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const child = node[name];
      node = isRecord(child) ? child : (node[name] = {});
    });
  }
  return root;
};

const hasType = (value: unknown, schema: Schema): boolean => {
  if (schema.anyOf ?? schema.oneOf) return true;
  switch (schema.type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string' && (schema.enum === undefined || schema.enum.includes(value));
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return false;
  }
};

const coerceString = (value: string, schema: Schema): unknown => {
  if (schema.type === 'integer' && /^-?\d+$/.test(value)) return Number(value);
  if (schema.type === 'number' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
};

/** `{ "0": a, "1": b }` is the array `[a, b]` when the schema says array. */
const asArray = (value: Record<string, unknown>): unknown[] | undefined => {
  const keys = Object.keys(value);
  if (!keys.every((key) => /^\d+$/.test(key))) return undefined;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]);
};

/**
 * The decoded strings as the types the operation's schema gives them, the way Stripe reads its
 * own form bodies ("1050" an integer, "true" a boolean, indexed keys an array). What does not
 * convert is left as it is, for validation to refuse.
 */
export const coerce = (document: StripeDocument, value: unknown, schema: Schema | undefined): unknown => {
  if (schema === undefined) return value;
  const target = resolved(document, schema);
  const alternatives = target.anyOf ?? target.oneOf;
  if (alternatives) {
    for (const alternative of alternatives) {
      const coerced = coerce(document, value, alternative);
      if (hasType(coerced, resolved(document, alternative))) return coerced;
    }
    return value;
  }
  if (typeof value === 'string') return coerceString(value, target);
  if (!isRecord(value)) return value;
  if (target.type === 'array') {
    const items = asArray(value);
    return items ? items.map((item) => coerce(document, item, target.items)) : value;
  }
  const extra = typeof target.additionalProperties === 'object' ? target.additionalProperties : undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, coerce(document, item, target.properties?.[key] ?? extra)]),
  );
};
