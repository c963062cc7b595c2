import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// ajv-formats is CommonJS with an `exports.default`: Node's ESM import hands over the whole module.
const addFormats = (formats as unknown as { default: typeof formats.default }).default ?? formats;

export const ACP_VERSIONS = ['2025-09-29', '2025-12-12', '2026-01-16', '2026-01-30'] as const;
export type SpecVersion = (typeof ACP_VERSIONS)[number];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- schema documents

export const specFile = (version: SpecVersion, file: string): Json =>
  JSON.parse(readFileSync(new URL(`../acp-spec/${version}/${file}`, import.meta.url), 'utf8')) as Json;

/** Draft-04's `exclusiveMinimum: true` beside `minimum` written as draft 2020-12 says it (the files declare 2020-12). */
const exclusiveBounds = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(exclusiveBounds);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Json;
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number') {
    schema.exclusiveMinimum = schema.minimum;
    delete schema.minimum;
  }
  Object.values(schema).forEach(exclusiveBounds);
};

/**
 * The official schema of a version with the two contradictions it holds resolved as its own text
 * intends (docs/adr/0250), nothing else changed:
 * - 2025-09-29 writes "quantity > 0" in draft-04 form (`minimum: 0, exclusiveMinimum: true`)
 *   inside a draft 2020-12 document, which no 2020-12 validator accepts as a schema;
 * - 2025-09-29's `CheckoutSessionWithOrder` adds `order` to a base that forbids unknown
 *   properties, so no completed session could ever match; the base gets `order` (optional, as
 *   every later version has it).
 */
const derived = (schema: Json): Json => {
  exclusiveBounds(schema);
  const base = schema.$defs.CheckoutSessionBase;
  if (!base.properties.order) base.properties.order = { $ref: '#/$defs/Order' };
  return schema;
};

export interface SchemaCheck {
  /** Errors of `value` against `$defs/<definition>` of the checkout or delegate-payment schema; empty when valid. */
  errors(kind: 'checkout' | 'delegate', definition: string, value: unknown): string[];
  has(kind: 'checkout' | 'delegate', definition: string): boolean;
}

export const acpSchemas = (version: SpecVersion): SchemaCheck => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const checkout = derived(specFile(version, 'schema.agentic_checkout.json'));
  const delegate = specFile(version, 'schema.delegate_payment.json');
  ajv.addSchema(checkout, 'checkout');
  ajv.addSchema(delegate, 'delegate');
  const documents = { checkout, delegate };
  return {
    has: (kind, definition) => definition in documents[kind].$defs,
    errors: (kind, definition, value) => {
      const validate = ajv.getSchema(`${documents[kind].$id}#/$defs/${definition}`);
      if (!validate) throw new Error(`${version} has no ${kind} definition ${definition}`);
      return validate(value)
        ? []
        : (validate.errors ?? []).map(
            (error: { instancePath: string; message?: string; params: unknown }) =>
              `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
          );
    },
  };
};

export interface Exchange {
  readonly method: string;
  readonly url: URL;
  readonly requestBody: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly status: number;
  readonly responseBody: unknown;
}

/** Which definitions a request and its response must match, by route (null: not an ACP call). */
export const definitionsOf = (
  exchange: Exchange,
): { operation: string; kind: 'checkout' | 'delegate'; request: string | null; response: string } | null => {
  const path = exchange.url.pathname;
  const failed = exchange.status >= 400;
  if (path.endsWith('/agentic_commerce/delegate_payment')) {
    // A 401 is the API's authentication, shared with checkout (the spec's own 401 example is outside the delegate code enum).
    const kind = exchange.status === 401 ? 'checkout' : 'delegate';
    return {
      operation: 'delegate_payment',
      kind,
      request: 'DelegatePaymentRequest',
      response: failed ? 'Error' : 'DelegatePaymentResponse',
    };
  }
  const session = /\/checkout_sessions(?:\/([^/]+)(?:\/(complete|cancel))?)?$/.exec(path);
  if (!session) return null;
  const [, id, action] = session;
  const completed = !failed && (exchange.responseBody as Json | null)?.status === 'completed';
  const response = failed ? 'Error' : completed ? 'CheckoutSessionWithOrder' : 'CheckoutSession';
  if (!id) return { operation: 'create', kind: 'checkout', request: 'CheckoutSessionCreateRequest', response };
  if (action === 'complete')
    return { operation: 'complete', kind: 'checkout', request: 'CheckoutSessionCompleteRequest', response };
  if (action === 'cancel') return { operation: 'cancel', kind: 'checkout', request: 'CancelSessionRequest', response };
  if (exchange.method === 'GET') return { operation: 'retrieve', kind: 'checkout', request: null, response };
  return { operation: 'update', kind: 'checkout', request: 'CheckoutSessionUpdateRequest', response };
};
