import {
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer,
  request as httpRequest,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer as simple as they come: each request (a stream's reconnect included) goes to
 * the next instance in turn, body and answer piped through, streams left open as long as the
 * instance keeps them.
 */
export class RoundRobinProxy {
  /** Requests each instance was sent, by its index. */
  readonly served: number[];
  private next = 0;

  private constructor(
    private readonly server: Server,
    private readonly targets: readonly string[],
  ) {
    this.served = targets.map(() => 0);
  }

  static async start(targets: readonly string[]): Promise<RoundRobinProxy> {
    let proxy: RoundRobinProxy | null = null;
    const server = createServer((request, response) => proxy?.forward(request, response));
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
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private forward(request: IncomingMessage, response: ServerResponse): void {
    const index = this.next;
    this.next = (this.next + 1) % this.targets.length;
    this.served[index] = (this.served[index] ?? 0) + 1;
    const target = new URL(this.targets[index]!);
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: true, message: `proxy: ${error.message}` }));
    });
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  }
}
