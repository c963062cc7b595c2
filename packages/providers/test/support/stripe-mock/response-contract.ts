import { Ajv, type ValidateFunction } from 'ajv';
import { type StripeDocument, isRecord } from './stripe-document.js';

/**
 * OpenAPI 3.0's `nullable` beside `anyOf` (Stripe's expandable fields) means "or null"; ajv
 * accepts `nullable` only beside `type`, so those become an `anyOf` with `{ enum: [null] }`, and
 * a nullable `enum` lists null.
 */
const forAjv = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(forAjv);
  if (!isRecord(node)) return node;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, forAjv(v)]));
  // A nullable enum (`cancellation_reason`) takes null too, which its values do not list.
  if (copy['nullable'] === true && Array.isArray(copy['enum'])) copy['enum'] = [...(copy['enum'] as unknown[]), null];
  if (copy['nullable'] !== true || copy['type'] !== undefined) return copy;
  delete copy['nullable'];
  const alternatives = (copy['anyOf'] ?? copy['oneOf']) as unknown[] | undefined;
  if (alternatives) alternatives.push({ enum: [null] });
  else if (copy['allOf']) {
    copy['anyOf'] = [{ allOf: copy['allOf'] }, { enum: [null] }];
    delete copy['allOf'];
  }
  return copy;
};

/**
 * Every answer the mock sends is checked against the component of Stripe's document its
 * operation names (`payment_intent`, `refund`, `error`, ...), all of it, to any depth: a shape
 * the mock makes up fails the test that caused it. One ajv over the whole of `components`,
 * each schema compiled once by reference (code not optimised: ~0.8 s CPU for Stripe's ~480
 * schemas that a payment intent reaches, instead of ~1.5 s).
 */
export class StripeResponseContract {
  private readonly ajv = new Ajv({
    strict: false,
    validateFormats: false,
    inlineRefs: false,
    code: { optimize: false },
  });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: StripeDocument) {
    this.ajv.addSchema({ $id: 'stripe', components: forAjv(document.components) });
  }

  /** Compiles the validators of these components now rather than on their first answer. */
  prepare(schemas: readonly string[]): this {
    for (const schema of schemas) this.validatorOf(schema);
    return this;
  }

  /**
   * What is wrong with `value` as a `schema`, in ajv's words; empty when it matches. `list:<schema>`
   * is Stripe's list object of that schema's objects (its operations describe it inline).
   */
  problems(schema: string, value: unknown): string[] {
    if (schema.startsWith('list:')) return this.listProblems(schema.slice('list:'.length), value);
    const validate = this.validatorOf(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${schema}${error.instancePath}: ${error.message ?? error.keyword}`);
  }

  private listProblems(item: string, value: unknown): string[] {
    const list = value as { object?: unknown; data?: unknown; has_more?: unknown; url?: unknown } | null;
    if (list?.object !== 'list' || typeof list.has_more !== 'boolean' || typeof list.url !== 'string') {
      return [`list of ${item}: not a list object (object, data, has_more, url)`];
    }
    return Array.isArray(list.data)
      ? list.data.flatMap((each) => this.problems(item, each))
      : [`list of ${item}: no data`];
  }

  private validatorOf(schema: string): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `stripe#/components/schemas/${schema}` });
      this.validators.set(schema, validate);
    }
    return validate;
  }
}
