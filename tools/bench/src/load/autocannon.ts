import { createRequire } from 'node:module';

export interface AutocannonResult {
  readonly requests: { readonly average: number; readonly total: number };
  readonly latency: { readonly p50: number; readonly p99: number };
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
}

/** One request autocannon sends; `setupRequest` may rewrite it each time (a fresh body per request). */
export interface AutocannonRequest {
  readonly method?: string;
  readonly path?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}

type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: readonly AutocannonRequest[];
}) => Promise<AutocannonResult>;
// autocannon ships no types; only what this file calls is declared above.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export const CONNECTIONS = 50;

/** A server under load: where to send what, and the process that answers (for its CPU time). */
export interface Target {
  readonly name: string;
  readonly url: string;
  /** The server's process id. */
  readonly pid: number;
  readonly headers?: Record<string, string>;
  /** What to send instead of a plain GET of `url`. */
  readonly requests?: readonly AutocannonRequest[];
}

/** `seconds` of as many requests as CONNECTIONS keep-alive connections carry; any non-2xx answer fails the run. */
export const load = async (target: Target, seconds: number): Promise<AutocannonResult> => {
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: target.headers ?? {},
    ...(target.requests && { requests: target.requests }),
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return result;
};
