import type { DomainError } from '@paykit/kernel';
import { chainInvalidResponse, chainUnavailable } from './chain-errors.js';

/** By name: fetch's errors (DOMException, TypeError) may come from another realm than this module's classes. */
const nameOf = (error: unknown): unknown => (error as { name?: unknown } | null)?.name;

/** An aborted call: its `AbortSignal.timeout` fired. */
export const isTimeout = (error: unknown): boolean =>
  nameOf(error) === 'TimeoutError' || nameOf(error) === 'AbortError';

/** fetch's own failure to connect (refused, reset, DNS): `TypeError: fetch failed`. */
export const isConnectionFailure = (error: unknown): boolean =>
  nameOf(error) === 'TypeError' && /fetch failed/i.test(String((error as { message?: unknown }).message));

/** A node's HTTP status: 5xx and 429 mean try again later, any other status an answer we cannot use. */
export const nodeHttpFailure = (chain: string, status: number): DomainError =>
  status >= 500 || status === 429
    ? chainUnavailable(chain, `the ${chain} node answered HTTP ${status}`)
    : chainInvalidResponse(chain, `the ${chain} node answered HTTP ${status}`);

/**
 * What a failed node call means for every node-backed chain: no answer (5xx, 429, timeout, no
 * connection) is `chain_unavailable`, the executor retries; an answer we cannot use is
 * `chain_invalid_response`. `httpStatusOf` reads the status out of the chain SDK's own error.
 */
export const nodeFailure = (
  chain: string,
  error: unknown,
  httpStatusOf: (error: unknown) => number | undefined = () => undefined,
): DomainError => {
  const status = httpStatusOf(error);
  if (status !== undefined) return nodeHttpFailure(chain, status);
  if (isTimeout(error)) return chainUnavailable(chain, `the ${chain} node did not answer in time`);
  if (isConnectionFailure(error)) return chainUnavailable(chain);
  return chainInvalidResponse(chain);
};
