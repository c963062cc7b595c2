import { type z } from 'zod';

export type AcpErrorType = 'invalid_request' | 'request_not_idempotent' | 'processing_error' | 'service_unavailable';

/** The protocol's flat error body, thrown from the service and written once by the routes. */
export class AcpHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: AcpErrorType,
    readonly code: string,
    message: string,
    readonly param?: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return {
      type: this.type,
      code: this.code,
      message: this.message,
      ...(this.param ? { param: this.param } : {}),
      ...this.extra,
    };
  }
}

/** An RFC 9535 JSONPath for a path into the request body: ['items', 0, 'id'] -> `$.items[0].id`. */
export const toJsonPath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (jsonPath, key) => (typeof key === 'number' ? `${jsonPath}[${key}]` : `${jsonPath}.${String(key)}`),
    '$',
  );

const valueAt = (body: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined,
    body,
  );

/** The first validation issue as the protocol's error: `missing` when the field is absent, else `invalid`. */
export const fromValidationError = (error: z.ZodError, body: unknown): AcpHttpError => {
  const [issue] = error.issues;
  const path = issue?.path ?? [];
  const value = valueAt(body, path);
  const missing = value === undefined || value === null || value === '';
  const param = toJsonPath(path);
  return new AcpHttpError(
    400,
    'invalid_request',
    missing ? 'missing' : 'invalid',
    `${param}: ${issue?.message ?? 'invalid request'}`,
    param,
  );
};
