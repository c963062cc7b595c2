import { readFileSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A failure of Coinbase's side: a 500, no answer at all, an answer that is not JSON, JSON of the wrong shape. */
export type CoinbaseFault = 'server-error' | 'timeout' | 'not-json' | 'wrong-shape';

interface Recorded {
  readonly operation: { readonly method: string; readonly pathPattern: string };
  readonly responses: Readonly<Record<'200' | '404' | '500', unknown>>;
}

const RECORDED = JSON.parse(
  readFileSync(new URL('./recorded-api-reference.json', import.meta.url), 'utf8'),
) as Recorded;
const PAIR = new RegExp(RECORDED.operation.pathPattern);
const VERSION = /^\d{4}-\d{2}-\d{2}$/;

/** The recorded 200 answer with this pair's price: the documented shape, our values. */
const spotAnswer = (base: string, currency: string, amount: string): unknown => {
  const documented = RECORDED.responses['200'] as { data: Record<string, string> };
  return { ...documented, data: { ...documented.data, amount, base, currency } };
};

/**
 * Coinbase's spot-price API on 127.0.0.1, for contract tests. Coinbase publishes no OpenAPI
 * document for it: requests are checked against the operation recorded from its API reference
 * (`recorded-api-reference.json`: method, path, CB-VERSION), answers are its recorded shapes
 * with the prices the test sets. A request the recording does not describe is kept and makes
 * `close()` fail.
 */
export class CoinbaseMock {
  readonly requests: { readonly path: string; readonly status?: number }[] = [];
  private readonly prices = new Map<string, string>();
  private readonly problems: string[] = [];
  private readonly sockets = new Set<Socket>();
  private faults: CoinbaseFault[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<CoinbaseMock> {
    const server = createServer();
    const mock = new CoinbaseMock(server);
    server.on('connection', (socket) => {
      mock.sockets.add(socket);
      socket.on('close', () => mock.sockets.delete(socket));
    });
    server.on('request', (request, response) => mock.serve(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return mock;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The market: the spot price of `pair` (`ETH-USD`) from now on. */
  setPrice(pair: string, amount: string): void {
    this.prices.set(pair, amount);
  }

  /** The next requests fail this way, one fault each. */
  fail(...faults: CoinbaseFault[]): void {
    this.faults.push(...faults);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.problems.length > 0) throw new Error(`coinbase-mock:\n  ${this.problems.join('\n  ')}`);
  }

  private serve(request: IncomingMessage, response: ServerResponse): void {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const match = PAIR.exec(path);
    const version = request.headers['cb-version'];
    if (request.method !== RECORDED.operation.method || !match) {
      this.problems.push(`${request.method} ${path}: not the recorded operation`);
    }
    if (typeof version === 'string' && !VERSION.test(version)) this.problems.push(`CB-VERSION ${version}: not a date`);
    const fault = this.faults.shift();
    if (fault === 'timeout') return void this.requests.push({ path });
    if (fault === 'not-json') return this.answer(response, path, 200, '<html>Bad gateway</html>', 'text/html');
    if (fault === 'wrong-shape') return this.answer(response, path, 200, JSON.stringify({ data: [42] }));
    if (fault === 'server-error') return this.answer(response, path, 500, JSON.stringify(RECORDED.responses['500']));
    const [, base = '', currency = ''] = match ?? [];
    const amount = this.prices.get(`${base}-${currency}`);
    if (amount === undefined) return this.answer(response, path, 404, JSON.stringify(RECORDED.responses['404']));
    this.answer(response, path, 200, JSON.stringify(spotAnswer(base, currency, amount)));
  }

  private answer(response: ServerResponse, path: string, status: number, body: string, type = 'application/json') {
    this.requests.push({ path, status });
    response.writeHead(status, { 'content-type': type }).end(body);
  }
}
