import type { ErrorBody } from '@paykit/contracts';

/** How an exception is answered: status, the common error body, extra headers, how to log it. */
export interface HttpError {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  /** `error`: a fault of ours, logged with its stack; `warn`: a dependency's; `none`: the caller's. */
  readonly log: 'none' | 'warn' | 'error';
}

export const MESSAGES = {
  notFound: 'Not found',
  internal: 'Internal server error',
  timeout: 'A timeout occurred.',
  unavailable: 'Service unavailable, try again in a few minutes',
} as const;

/** Seconds a client should wait before retrying a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
