import * as E from 'fp-ts/lib/Either.js';

/**
 * Domain errors are values. `kind` says which HTTP family it maps to (once, in the API's
 * exception layer); `code` is the stable machine-readable identifier clients switch on.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'rate_limited'
  | 'upstream_invalid'
  | 'unavailable';

export interface DomainError {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly message: string;
  readonly parameters?: Readonly<Record<string, unknown>>;
}

export const domainError = (
  kind: DomainErrorKind,
  code: string,
  message: string,
  parameters?: Record<string, unknown>,
): DomainError => (parameters ? { kind, code, message, parameters } : { kind, code, message });

export const invalid = (code: string, message: string, parameters?: Record<string, unknown>) =>
  domainError('invalid', code, message, parameters);
export const notFound = (message = 'Not found') => domainError('not_found', 'not_found', message);
export const conflict = (code: string, message: string, parameters?: Record<string, unknown>) =>
  domainError('conflict', code, message, parameters);

/**
 * A refusal that names the request field at fault, shaped like the API's schema errors
 * (`parameters.issues[{ path, message }]`), so a client reads every 400 the same way.
 */
export const fieldError = (path: string, message: string, code = 'invalid_request'): DomainError =>
  invalid(code, `${path}: ${message}`, { issues: [{ path, message }] });

/** Thrown form of a DomainError, for the places (adapters, Nest) that work with exceptions. */
export class DomainException extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
    this.name = 'DomainException';
  }
}

export const isDomainError = (value: unknown): value is DomainError =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DomainError).kind === 'string' &&
  typeof (value as DomainError).code === 'string' &&
  typeof (value as DomainError).message === 'string';

/** Unwraps an Either, throwing its DomainError: the bridge from the pure core to handlers. */
export const getOrThrow = <A>(either: E.Either<DomainError, A>): A => {
  if (E.isLeft(either)) throw new DomainException(either.left);
  return either.right;
};
