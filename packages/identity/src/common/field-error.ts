import { type DomainError, invalid } from '@paykit/kernel';

/**
 * A refusal that names the request field at fault, shaped like the API's schema errors
 * (`parameters.issues[{ path, message }]`), so a client reads every 400 the same way.
 */
export const fieldError = (path: string, message: string, code = 'invalid_request'): DomainError =>
  invalid(code, `${path}: ${message}`, { issues: [{ path, message }] });
