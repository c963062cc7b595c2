/** Stripe's error body: `{ error: { type, message, code?, decline_code?, param?, ... } }`. */
export interface StripeErrorBody {
  readonly error: {
    readonly type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
    readonly message: string;
    readonly code?: string;
    readonly decline_code?: string;
    readonly param?: string;
    readonly [field: string]: unknown;
  };
}

/** An answer of the mock: its status, its body, and the component of Stripe's document it must match. */
export interface StripeAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly schema: string;
}

export const errorAnswer = (status: number, error: StripeErrorBody['error']): StripeAnswer => ({
  status,
  body: { error },
  schema: 'error',
});

export const resourceMissing = (status: number, kind: string, id: string, param: string): StripeAnswer =>
  errorAnswer(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
