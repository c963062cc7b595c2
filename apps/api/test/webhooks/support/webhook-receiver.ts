import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyStandardWebhook } from './standard-webhooks-verifier.js';

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly verified: boolean;
  /** What the receiver answered. */
  readonly status: number;
}

export interface HandledEvent {
  readonly id: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * A webhook consumer as an integrator writes one, on 127.0.0.1: it verifies each request's
 * signature (401 when it does not verify), answers what the test scripts (`failNext`), and
 * handles each webhook-id once, acknowledging duplicates with a 200 and no second effect.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** The effects: one per webhook-id, in the order first handled. */
  readonly handled: HandledEvent[] = [];
  private readonly seen = new Set<string>();
  private readonly scripted = new Map<string, number[]>();
  private readonly secrets = new Map<string, string>();
  private waiters: (() => void)[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const status =
          receiver?.receive(request.url ?? '/', request.headers, Buffer.concat(chunks).toString('utf8')) ?? 500;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    receiver = new WebhookReceiver(server);
    return receiver;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** The secret of the endpoint created for `path` (the receiver's configuration). */
  trust(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  /** The next requests to `path` get these statuses, in order (then 200). */
  answer(path: string, ...statuses: number[]): void {
    this.scripted.set(path, [...(this.scripted.get(path) ?? []), ...statuses]);
  }

  /** Resolves once `predicate` holds, re-checked after each request; rejects after the timeout. */
  async until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0)
        throw new Error(`Receiver: condition not met in ${timeoutMs} ms; ${this.requests.length} requests so far`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  requestsFor(id: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.headers['webhook-id'] === id);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(path: string, headers: IncomingHttpHeaders, body: string): number {
    const verified = verifyStandardWebhook(this.secrets.get(path) ?? '', headers, body);
    const script = this.scripted.get(path) ?? [];
    const status = !verified ? 401 : (script.shift() ?? 200);
    this.requests.push({ path, headers, body, verified, status });
    const id = headers['webhook-id'];
    if (status === 200 && typeof id === 'string' && !this.seen.has(id)) {
      this.seen.add(id);
      const event = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      this.handled.push({ id, type: event.type, data: event.data });
    }
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
    return status;
  }
}
