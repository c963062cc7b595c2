import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { RoundRobinProxy } from './support/round-robin-proxy.js';

/**
 * The load balancer of the scale-out suite against instances that misbehave at the connection
 * level, with the runtime's own fetch as the client: whatever an instance does, the client gets
 * an HTTP answer, never a reset connection.
 */
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
});

/** An instance as Fastify runs one: idle connections kept 72 s, and says so in `Keep-Alive`. */
const instance = async (handler: Handler): Promise<string> => {
  const server: Server = createServer(handler);
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const proxyTo = async (target: string, idleTimeoutMs?: number): Promise<RoundRobinProxy> => {
  const proxy = await RoundRobinProxy.start([target], idleTimeoutMs === undefined ? {} : { idleTimeoutMs });
  servers.push(proxy);
  return proxy;
};

const ok: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"ok":true}');
};

/** Blocks the event loop, as a loaded machine does: timers due meanwhile run late. */
const stall = (ms: number): void => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
};

describe('the scale-out round-robin proxy', () => {
  it("tells the client its own keep-alive, not the instance's", async () => {
    const proxy = await proxyTo(await instance(ok), 5_000);

    const answer = await fetch(`${proxy.url}/`);
    await answer.text();

    expect(answer.headers.get('keep-alive')).toBe('timeout=5');
  });

  it('a connection the client reuses just as the proxy closes it for idleness is not reset', async () => {
    const idleTimeoutMs = 1_000;
    const proxy = await proxyTo(await instance(ok), idleTimeoutMs);
    await (await fetch(`${proxy.url}/first`)).text();

    // Idle until just before the proxy's timeout; then the loop stalls past it (and past Node's
    // grace after it), so the proxy's close is due when the next request is written.
    await sleep(idleTimeoutMs - 100);
    await new Promise((resolve) => setImmediate(resolve));
    stall(1_500);
    const second = await fetch(`${proxy.url}/second`, { method: 'POST', body: '{}' });

    expect([second.status, await second.text()]).toEqual([200, '{"ok":true}']);
  });

  it('an instance resetting the connection the proxy reuses: the client gets a 502 and its next request through', async () => {
    const requestsOn = new WeakMap<object, number>();
    const proxy = await proxyTo(
      await instance((request, response) => {
        const seen = (requestsOn.get(request.socket) ?? 0) + 1;
        requestsOn.set(request.socket, seen);
        // The instance closing its idle connection as the proxy's next request arrives on it.
        if (seen === 2) request.socket.destroy();
        else ok(request, response);
      }),
    );

    const answers = [];
    for (const path of ['/first', '/reused', '/after']) {
      const answer = await fetch(`${proxy.url}${path}`, { method: 'POST', body: '{}' });
      answers.push([answer.status, (await answer.json()) as unknown]);
    }

    expect(answers).toEqual([
      [200, { ok: true }],
      [502, { error: true, message: expect.stringContaining('proxy: ') }],
      [200, { ok: true }],
    ]);
  });

  it('an answer the instance cuts short reaches the client cut short, not complete', async () => {
    const proxy = await proxyTo(
      await instance((request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"partial":', () => request.socket.destroy());
      }),
    );

    const answer = await fetch(`${proxy.url}/`);

    await expect(answer.text()).rejects.toThrow();
  });
});
