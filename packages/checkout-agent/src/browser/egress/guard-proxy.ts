import type { DomainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import type { CheckedUrl, UrlGuard } from '../../safety/url-guard.js';

export interface GuardProxyOptions {
  readonly guard: UrlGuard;
  /** The egress proxy every approved request is sent through (the run's browser location); direct when absent. */
  readonly upstream?: URL;
  /** Called for each request the guard refused (nothing was sent for it). */
  readonly onRefused?: (url: string, refusal: DomainError) => void;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for the browser context's proxy setting. */
  readonly url: string;
  close(): Promise<void>;
}

/** Marks the proxy's own 403 for a refused URL, so it is not mistaken for the merchant's. */
export const REFUSED_HEADER = 'x-checkout-agent-refused';

/** Headers that belong to one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'proxy-connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

const forwardedHeaders = (raw: readonly string[]): Record<string, string | string[]> => {
  const headers: Record<string, string | string[]> = {};
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = (raw[index] ?? '').toLowerCase();
    const value = raw[index + 1] ?? '';
    if (HOP_BY_HOP.has(name)) continue;
    const existing = headers[name];
    headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return headers;
};

const responseHeaders = (raw: readonly string[]): string[] => {
  const kept: string[] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) {
    if (!HOP_BY_HOP.has((raw[index] ?? '').toLowerCase())) kept.push(raw[index] ?? '', raw[index + 1] ?? '');
  }
  return kept;
};

const basicAuth = (upstream: URL): Record<string, string> =>
  upstream.username
    ? {
        'proxy-authorization': `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString('base64')}`,
      }
    : {};

const defaultPort = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** Where to connect for an approved URL: an address the guard judged (never a fresh lookup), or the allow-listed name. */
const connectHost = (checked: CheckedUrl): string =>
  checked.addresses[0] ?? checked.url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The only way out of a run's browser: an HTTP proxy on loopback that Chromium sends every
 * request through (page loads, subresources, each redirect hop, CONNECT tunnels for https and
 * WebSockets). Each destination passes the URL guard before anything is sent, and the
 * connection goes to the addresses the guard approved, so neither a redirect nor a DNS answer
 * that changes (rebinding) can reach a private address. With an upstream, approved traffic
 * leaves through that egress proxy instead (the run's browser location).
 */
export const startGuardProxy = async (options: GuardProxyOptions): Promise<GuardProxy> => {
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const check = async (url: string): Promise<CheckedUrl | null> => {
    const checked = await options.guard(url);
    if (E.isRight(checked)) return checked.right;
    options.onRefused?.(url, checked.left);
    return null;
  };

  const server = http.createServer((request, response) => {
    void (async () => {
      const target = URL.canParse(request.url ?? '') ? new URL(request.url ?? '') : null;
      if (!target || target.protocol !== 'http:') return void response.writeHead(400).end('Absolute http URLs only');
      const checked = await check(target.href);
      if (!checked) {
        return void response
          .writeHead(403, { 'content-type': 'text/plain', [REFUSED_HEADER]: 'url-guard' })
          .end('Blocked by the checkout agent: this address is not allowed.');
      }
      const upstream = options.upstream;
      const outgoing = http.request({
        method: request.method,
        agent: false,
        ...(upstream
          ? {
              host: upstream.hostname,
              port: defaultPort(upstream),
              path: target.href,
              headers: { ...forwardedHeaders(request.rawHeaders), ...basicAuth(upstream) },
            }
          : {
              host: connectHost(checked),
              port: defaultPort(target),
              path: `${target.pathname}${target.search}`,
              headers: forwardedHeaders(request.rawHeaders),
            }),
      });
      outgoing.on('response', (answer) => {
        response.writeHead(answer.statusCode ?? 502, responseHeaders(answer.rawHeaders));
        answer.pipe(response);
      });
      outgoing.on('error', () => {
        if (!response.headersSent) response.writeHead(502).end('The merchant could not be reached.');
        else response.destroy();
      });
      request.pipe(outgoing);
    })();
  });

  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    void (async () => {
      const authority = request.url ?? '';
      const checked = URL.canParse(`https://${authority}/`) ? await check(`https://${authority}/`) : null;
      if (!checked) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      const tunnel = options.upstream
        ? await viaUpstream(options.upstream, authority)
        : await direct(connectHost(checked), defaultPort(checked.url));
      if (!tunnel) return void client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      track(tunnel);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) tunnel.write(head);
      tunnel.pipe(client).pipe(tunnel);
      tunnel.on('error', () => client.destroy());
      client.on('close', () => tunnel.destroy());
    })();
  });
  server.on('connection', track);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const direct = (host: string, port: number): Promise<net.Socket | null> =>
  new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(null));
  });

/** A tunnel through the egress proxy: CONNECT there, and hand over the socket once it says 200. */
const viaUpstream = (upstream: URL, authority: string): Promise<net.Socket | null> =>
  new Promise((resolve) => {
    const socket = net.connect({ host: upstream.hostname, port: defaultPort(upstream) });
    const auth = basicAuth(upstream)['proxy-authorization'];
    socket.once('error', () => resolve(null));
    socket.once('connect', () =>
      socket.write(
        `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth ? `Proxy-Authorization: ${auth}\r\n` : ''}\r\n`,
      ),
    );
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (!/^HTTP\/1\.[01] 200/.test(received.subarray(0, end).toString('latin1'))) {
        socket.destroy();
        return resolve(null);
      }
      const rest = received.subarray(end + 4);
      if (rest.length > 0) socket.unshift(rest);
      resolve(socket);
    };
    socket.on('data', onData);
  });
