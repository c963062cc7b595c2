import { OpenAPIBackend, type Document, type Request } from 'openapi-backend';
import { coerce, decodeForm } from './form-body.js';
import { type Schema, type StripeDocument, readStripeDocument } from './stripe-document.js';
import type { StripeErrorBody } from './stripe-errors.js';

/** Formats Stripe's document uses that JSON Schema does not know; they carry no check of their own. */
const STRIPE_FORMATS = ['unix-time', 'decimal', 'binary', 'openapi'];

const FORM = 'application/x-www-form-urlencoded';

interface DocumentOperation {
  readonly operationId: string;
  readonly parameters?: readonly { readonly in: string; readonly name: string; readonly schema?: Schema }[];
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema?: Schema }>> };
  readonly responses: Readonly<
    Record<string, { readonly content?: { readonly 'application/json'?: { schema?: Schema } } }>
  >;
}

type Paths = Readonly<Record<string, Readonly<Record<string, DocumentOperation>>>>;

export interface IncomingStripeRequest {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly body: string;
}

/** A request Stripe's document accepts: its operation, and its body and query as Stripe reads them. */
export interface CheckedRequest {
  readonly operationId: string;
  readonly path: string;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly body: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  /** The `$ref` of each answer by status (`default` for errors). */
  readonly responses: DocumentOperation['responses'];
}

export type RequestCheck = { readonly ok: true; readonly request: CheckedRequest } | ({ readonly ok: false } & Refusal);

export interface Refusal {
  readonly status: number;
  readonly body: StripeErrorBody;
}

interface AjvError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** Stripe names a nested parameter `metadata[order]`. */
const paramOf = (error: AjvError): string => {
  const path = error.instancePath.split('/').slice(2);
  if (error.keyword === 'required') path.push(String(error.params['missingProperty']));
  if (error.keyword === 'additionalProperties') path.push(String(error.params['additionalProperty']));
  const [head = '', ...rest] = path;
  return head + rest.map((segment) => `[${segment}]`).join('');
};

/** Stripe's own wording for the refusals it makes most. */
const refusalOf = (error: AjvError): Refusal => {
  const param = paramOf(error);
  const message =
    error.keyword === 'required'
      ? `Missing required param: ${param}.`
      : error.keyword === 'additionalProperties'
        ? `Received unknown parameter: ${param}`
        : `Invalid ${param}: ${error.message ?? 'invalid value'}`;
  return { status: 400, body: { error: { type: 'invalid_request_error', message, param } } };
};

/**
 * Every request checked against its operation in Stripe's OpenAPI document with openapi-backend
 * (whole document, quick mode: validators are compiled per operation on first use). Bodies and
 * queries are decoded from Stripe's form encoding and typed by the operation's schema first.
 */
export class StripeRequestContract {
  private constructor(
    private readonly api: OpenAPIBackend,
    private readonly paths: Paths,
    private readonly document: StripeDocument,
  ) {}

  /** Loads the document; the validators of `operationIds` are compiled now rather than on the first request. */
  static async load(operationIds: readonly string[]): Promise<StripeRequestContract> {
    const document = readStripeDocument();
    const api = new OpenAPIBackend({
      definition: readStripeDocument() as unknown as Document,
      quick: true,
      validate: true,
      customizeAjv: (ajv) => {
        for (const format of STRIPE_FORMATS) ajv.addFormat(format, true);
        return ajv;
      },
    });
    await api.init();
    for (const operationId of operationIds) api.validator.getRequestValidatorsForOperation(operationId);
    return new StripeRequestContract(api, (document as unknown as { paths: Paths }).paths, document);
  }

  check(incoming: IncomingStripeRequest): RequestCheck {
    const request: Request = { method: incoming.method, path: incoming.path, headers: { 'content-type': FORM } };
    const operation = this.api.matchOperation(request);
    if (!operation) {
      return {
        ok: false,
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${incoming.method}: ${incoming.path}).`,
          },
        },
      };
    }
    const described = this.paths[operation.path]?.[operation.method];
    if (!described) throw new Error(`stripe-mock: no operation ${operation.method} ${operation.path}`);
    const bodySchema = described.requestBody?.content[FORM]?.schema;
    const body = coerce(this.document, decodeForm(incoming.body), bodySchema) as Record<string, unknown>;
    const query = Object.fromEntries(
      Object.entries(decodeForm(incoming.query)).map(([name, value]) => [
        name,
        coerce(this.document, value, described.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema),
      ]),
    );
    const pathParams = this.api.router.parseRequest(request, operation).params as Record<string, string>;
    const validation = this.api.validateRequest(
      { ...request, body, query: query as Request['query'], params: pathParams },
      operation,
    );
    const [first] = (validation.errors ?? []) as AjvError[];
    if (first) return { ok: false, ...refusalOf(first) };
    return {
      ok: true,
      request: {
        operationId: described.operationId,
        path: incoming.path,
        pathParams,
        body,
        query,
        responses: described.responses,
      },
    };
  }
}
