import * as E from 'fp-ts/lib/Either.js';
import { HttpTimeoutError, HttpTransportError, UrlRefusedError } from './http-errors.js';
import { type HttpTransport, nodeHttpTransport } from './pinned-transport.js';
import type { UrlGuard } from './url-guard.js';

export interface HttpRequest {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as an `application/json` body. */
  readonly json?: unknown;
  /** Overrides the client's default time limit for this request (all hops together). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

export interface HttpResponse {
  readonly status: number;
  /** The URL that answered, after redirects. */
  readonly url: string;
  readonly headers: Headers;
  readonly text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json(): unknown;
}

export interface SafeHttpOptions {
  readonly guard: UrlGuard;
  readonly transport?: HttpTransport;
  readonly timeoutMs?: number;
  readonly maxRedirects?: number;
  readonly userAgent?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Credentials meant for one origin are not carried to another by a redirect. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie'];

/**
 * The only way a run talks to the outside: every hop (the first URL and each redirect) is
 * checked by the URL guard before anything is sent, and connects to the addresses the guard
 * approved. Redirects are followed by hand (`redirect: 'manual'` semantics), at most
 * `maxRedirects` of them, with fetch's method rules (303, and 301/302 after a POST, become GET).
 */
export class SafeHttp {
  private readonly transport: HttpTransport;

  constructor(private readonly options: SafeHttpOptions) {
    this.transport = options.transport ?? nodeHttpTransport();
  }

  async request(url: string, request: HttpRequest = {}): Promise<HttpResponse> {
    const timeout = AbortSignal.timeout(request.timeoutMs ?? this.options.timeoutMs ?? 15_000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let method: string = request.method ?? 'GET';
    let body = request.json === undefined ? undefined : JSON.stringify(request.json);
    let headers: Record<string, string> = {
      accept: 'application/json, text/html;q=0.9, */*;q=0.5',
      'user-agent': this.options.userAgent ?? 'paykit-checkout-agent/1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...lowerCased(request.headers ?? {}),
    };
    let current = url;
    for (let hop = 0; ; hop++) {
      const checked = await this.options.guard(current);
      if (E.isLeft(checked)) throw new UrlRefusedError(current, checked.left);
      const target = checked.right.url;
      const answer = await this.exchange(
        target,
        { method, headers, signal, addresses: checked.right.addresses, ...(body === undefined ? {} : { body }) },
        timeout,
      );
      const location = answer.headers.get('location');
      if (!REDIRECTS.has(answer.status) || !location) return toResponse(target.href, answer);
      if (hop >= (this.options.maxRedirects ?? 5)) throw new HttpTransportError(current, 'Too many redirects');
      const next = new URL(location, target);
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = withoutKeys(headers, ['content-type']);
      }
      if (next.origin !== target.origin) headers = withoutKeys(headers, ORIGIN_BOUND_HEADERS);
      current = next.href;
    }
  }

  private async exchange(target: URL, request: Parameters<HttpTransport>[1], timeout: AbortSignal) {
    try {
      return await this.transport(target, request);
    } catch (error) {
      if (timeout.aborted) throw new HttpTimeoutError(target.href);
      if (request.signal.aborted) throw request.signal.reason ?? error;
      throw new HttpTransportError(target.href, `Request to ${target.origin} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
}

const toResponse = (url: string, answer: { status: number; headers: Headers; body: string }): HttpResponse => ({
  status: answer.status,
  url,
  headers: answer.headers,
  text: answer.body,
  json: () => {
    try {
      return JSON.parse(answer.body) as unknown;
    } catch {
      return undefined;
    }
  },
});

const lowerCased = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

const withoutKeys = (headers: Record<string, string>, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
