import { type IncomingMessage, type Server, type ServerResponse, createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface KeySwappingProxy {
  /** Where the SDK is pointed (its `overrideBaseUrl`). */
  readonly url: string;
  /** Requests forwarded so far, as `METHOD /path` (what the SDK called). */
  readonly forwarded: readonly string[];
  /** Points the proxy at another of our keys (a test may act for another project). */
  useKey(key: string): void;
  close(): Promise<void>;
}

/**
 * The public SDK checks the signature of its API key locally, so it holds a key of its own
 * format; this proxy, on 127.0.0.1, forwards each request to our API unchanged except for that
 * key, which it replaces with one of ours.
 */
export const startKeySwappingProxy = async (target: string, key: string): Promise<KeySwappingProxy> => {
  const origin = new URL(target);
  const forwarded: string[] = [];
  let ourKey = key;
  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    forwarded.push(`${incoming.method} ${incoming.url}`);
    const headers = { ...incoming.headers, host: origin.host, 'x-api-key': ourKey };
    const upstream = forward(
      { hostname: origin.hostname, port: origin.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: true, message: `proxy: ${error.message}` }));
    });
    incoming.pipe(upstream);
  });
  // The SDK's fetch reuses idle connections for about 4 s; keep ours open longer, so the client
  // always closes first and never writes onto a socket the proxy has just closed (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    useKey: (next) => {
      ourKey = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
