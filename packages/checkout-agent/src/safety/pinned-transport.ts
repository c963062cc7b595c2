import http from 'node:http';
import https from 'node:https';
import { type LookupFunction, isIPv6 } from 'node:net';

export interface TransportRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal: AbortSignal;
  /** The addresses the guard approved: the connection goes to one of these, never to a fresh lookup. */
  readonly addresses: readonly string[];
}

export interface TransportResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
}

/** One HTTP exchange, no redirects followed. Replaceable in tests (to hold or fail a request). */
export type HttpTransport = (url: URL, request: TransportRequest) => Promise<TransportResponse>;

export const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Answers the socket's DNS lookup with the addresses already checked, so a name that
 * resolves differently a moment later (DNS rebinding) cannot redirect the connection.
 */
const pinnedLookup = (addresses: readonly string[]): LookupFunction =>
  ((
    _hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: (...args: unknown[]) => void,
  ) => {
    const wanted =
      options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const entries = addresses
      .map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }))
      .filter((entry) => wanted === 0 || entry.family === wanted);
    const [first] = entries;
    if (!first) return callback(Object.assign(new Error('No approved address for this family'), { code: 'ENOTFOUND' }));
    if (options.all) return callback(null, entries);
    return callback(null, first.address, first.family);
  }) as LookupFunction;

/**
 * node:http(s) with the connection pinned to the approved addresses. One connection per
 * request (no pooling), so a socket opened for one host is never reused past its check, and
 * nothing stays open after a run.
 */
export const nodeHttpTransport =
  (options: { readonly maxBodyBytes?: number } = {}): HttpTransport =>
  (url, request) =>
    new Promise((resolve, reject) => {
      const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: request.method,
          headers: request.headers,
          signal: request.signal,
          agent: false,
          ...(request.addresses.length > 0 ? { lookup: pinnedLookup(request.addresses) } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          let size = 0;
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBodyBytes) outgoing.destroy(new Error(`The answer is larger than ${maxBodyBytes} bytes`));
            else chunks.push(chunk);
          });
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: toHeaders(incoming.headers),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });

const toHeaders = (raw: http.IncomingHttpHeaders): Headers => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
};
