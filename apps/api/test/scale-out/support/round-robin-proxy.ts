import {
  Agent,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream';

export interface RoundRobinProxyOptions {
  /**
   * How long a client's idle connection is kept (Node's default, 5 s). The proxy advertises it
   * (`Keep-Alive: timeout=N`) and so clients drop the connection before the proxy closes it.
   */
  readonly idleTimeoutMs?: number;
}

/**
 * Headers about one connection, not the message (RFC 9110 §7.6.1): never passed on. The
 * instance's `Keep-Alive: timeout=72` passed on told clients the proxy's connections lived 72 s
 * while the proxy closed them at 5 s: a client reusing one as the proxy closed it was reset.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

const endToEnd = (headers: IncomingHttpHeaders): OutgoingHttpHeaders => {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name) && !named.includes(name)),
  );
};

/**
 * A load balancer as simple as they come: each request (a stream's reconnect included) goes to
 * the next instance in turn, body and answer piped through, streams left open as long as the
 * instance keeps them. Like a real one, it keeps its own connections on each side: the client's
 * keep-alive is the proxy's, and its idle connections to instances close well before theirs do
 * (Fastify's 72 s).
 */
export class RoundRobinProxy {
  /** Requests each instance was sent, by its index. */
  readonly served: number[];
  private next = 0;
  private readonly upstreams = new Agent({ keepAlive: true, timeout: 5_000 });

  private constructor(
    private readonly server: Server,
    private readonly targets: readonly string[],
  ) {
    this.served = targets.map(() => 0);
  }

  static async start(targets: readonly string[], options: RoundRobinProxyOptions = {}): Promise<RoundRobinProxy> {
    let proxy: RoundRobinProxy | null = null;
    const server = createServer((request, response) => proxy?.forward(request, response));
    if (options.idleTimeoutMs !== undefined) server.keepAliveTimeout = options.idleTimeoutMs;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy = new RoundRobinProxy(server, targets);
    return proxy;
  }

  /** `http://127.0.0.1:<port>`: where clients send everything. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    this.upstreams.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(request: IncomingMessage, response: ServerResponse): void {
    const index = this.next;
    this.next = (this.next + 1) % this.targets.length;
    this.served[index] = (this.served[index] ?? 0) + 1;
    const target = new URL(this.targets[index]!);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: endToEnd(request.headers),
        agent: this.upstreams,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        // An answer cut short is cut short for the client too, not ended as if complete.
        pipeline(answer, response, () => undefined);
      },
    );
    // The instance failed (refused, reset, gone): the client gets a 502 on its own connection,
    // which stays usable, or, once the answer is under way, that answer cut.
    upstream.on('error', (error) => {
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, message: `proxy: ${error.message}` }));
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  }
}
