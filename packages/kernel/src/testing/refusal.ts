import type { DomainError } from '../errors.js';

/**
 * The whole refusal a client reads once the API turns it into an error body: its kind (the
 * HTTP status), its code, its message, and exactly these parameters (none when absent).
 */
export const refusal = (
  kind: DomainError['kind'],
  code: string,
  message: string,
  parameters?: Record<string, unknown>,
): Partial<DomainError> => ({ kind, code, message, parameters });
