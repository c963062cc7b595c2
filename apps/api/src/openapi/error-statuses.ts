import { STATUS_CODES } from 'node:http';
import type { RouteContract } from '../http/routes/route-contract.js';

/** When each error status is answered, as the reference shows it. */
const WHEN: Readonly<Record<number, string>> = {
  400: 'Invalid arguments: the message names the field and the rule it broke (`parameters.issues` lists every one)',
  401: 'Missing, malformed, unknown or revoked API key, or a key without the scope this route requires',
  403: 'The key belongs to another environment, or the caller may not act on this resource',
  404: 'Not found: no such resource in the caller’s project (another project’s resource is a 404 too)',
  409: 'Conflict: the `x-idempotency-key` was used for another request, or a concurrent write won; retry',
  413: 'The body is larger than the route accepts (BODY_LIMIT_BYTES)',
  414: 'A path parameter is too long',
  415: 'The body is not JSON: send it with `Content-Type: application/json`',
  422: 'The request is well formed but the resource is not in a state that allows it',
  429: 'Rate limited: wait for `Retry-After` seconds (`X-RateLimit-*` headers say the budget)',
  500: 'Internal server error (never a caller’s fault; the message holds no detail)',
  502: 'An upstream service answered something unusable',
  503: 'The store or an upstream service is unavailable: retry after `Retry-After` seconds',
  504: 'A timeout occurred.',
};

export const describeStatus = (status: number): string => WHEN[status] ?? STATUS_CODES[status] ?? 'Response';

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Errors a route may answer besides those it lists itself, from what it takes and who may call it. */
export const commonErrors = (contract: RouteContract): number[] => {
  const statuses = [500, 503, 504];
  if (contract.body || contract.query || contract.params || contract.method === 'POST') statuses.push(400);
  if (contract.public !== true) statuses.push(401, 403, 429);
  if (contract.params) statuses.push(404, 414);
  if (WRITES.has(contract.method)) statuses.push(409);
  if (contract.body) statuses.push(413, 415);
  return statuses.sort((a, b) => a - b);
};
