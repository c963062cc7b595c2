import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  HttpTimeoutError,
  HttpTransportError,
  type HttpTransport,
  SafeHttp,
  UrlRefusedError,
  createUrlGuard,
  nodeHttpTransport,
} from '../../src/index.js';

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly authorization?: string;
  readonly body: string;
}

/** A local server whose routes answer with a status and headers; it records what it received. */
const serve = async (
  routes: Record<
    string,
    (origin: string) => { status: number; headers?: Record<string, string>; body?: string } | 'hang'
  >,
) => {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        path: request.url ?? '',
        body,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      });
      const route = routes[request.url ?? ''];
      const answer = route ? route(origin) : { status: 404 };
      if (answer === 'hang') return;
      response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    host: new URL(origin).host,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

/** The real transport, recording every URL it is asked to connect to. */
const recording = () => {
  const connected: string[] = [];
  const base = nodeHttpTransport();
  const transport: HttpTransport = (url, request) => {
    connected.push(url.href);
    return base(url, request);
  };
  return { connected, transport };
};

const noDns = async (hostname: string): Promise<string[]> => {
  throw new Error(`no DNS in tests (${hostname})`);
};

describe('SafeHttp', () => {
  let shop: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;
  beforeEach(async () => {
    other = await serve({ '/landing': () => ({ status: 200, body: 'other' }) });
    shop = await serve({
      '/start': () => ({ status: 302, headers: { location: '/middle' } }),
      '/middle': (origin) => ({ status: 301, headers: { location: `${origin}/end` } }),
      '/end': () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }),
      '/to-metadata': () => ({ status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } }),
      '/to-mapped-loopback': (origin) => ({
        status: 307,
        headers: { location: `http://[::ffff:127.0.0.1]:${new URL(origin).port}/end` },
      }),
      '/to-file': () => ({ status: 302, headers: { location: 'file:///etc/passwd' } }),
      '/loop': () => ({ status: 302, headers: { location: '/loop' } }),
      '/post-then-see-other': () => ({ status: 303, headers: { location: '/end' } }),
      '/to-other-origin': () => ({ status: 302, headers: { location: `${other.origin}/landing` } }),
      '/hang': () => 'hang',
    });
  });
  afterEach(async () => {
    await shop.close();
    await other.close();
  });

  const client = (allowedHosts: string, transport?: HttpTransport, timeoutMs?: number) =>
    new SafeHttp({
      guard: createUrlGuard({ allowedHosts, resolve: noDns }),
      ...(transport ? { transport } : {}),
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('follows redirects within the allow-list and reports the URL that answered', async () => {
    const response = await client(shop.host).request(`${shop.origin}/start`);
    expect(response).toMatchObject({ status: 200, url: `${shop.origin}/end` });
    expect(response.json()).toEqual({ ok: true });
    expect(shop.seen.map((request) => request.path)).toEqual(['/start', '/middle', '/end']);
  });

  it.each([
    ['a link-local metadata address', '/to-metadata'],
    ['the allow-listed address spelled as IPv4-mapped IPv6', '/to-mapped-loopback'],
    ['a file: URL', '/to-file'],
  ])('refuses a redirect to %s without connecting to it', async (_name, path) => {
    const { connected, transport } = recording();
    await expect(client(shop.host, transport).request(`${shop.origin}${path}`)).rejects.toBeInstanceOf(UrlRefusedError);
    expect(connected).toEqual([`${shop.origin}${path}`]);
  });

  it('refuses a start URL on a private address before connecting', async () => {
    const { connected, transport } = recording();
    await expect(client('', transport).request(`${shop.origin}/end`)).rejects.toMatchObject({
      name: 'UrlRefusedError',
      refusal: { code: 'url_not_allowed', parameters: { reason: 'address_not_allowed', category: 'loopback' } },
    });
    expect(connected).toEqual([]);
    expect(shop.seen).toEqual([]);
  });

  it('gives up after too many redirects', async () => {
    await expect(client(shop.host).request(`${shop.origin}/loop`)).rejects.toBeInstanceOf(HttpTransportError);
    expect(shop.seen).toHaveLength(6);
  });

  it('turns a POST into a GET without its body after 303', async () => {
    await client(shop.host).request(`${shop.origin}/post-then-see-other`, { method: 'POST', json: { a: 1 } });
    expect(shop.seen.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/post-then-see-other', body: '{"a":1}' },
      { method: 'GET', path: '/end', body: '' },
    ]);
  });

  it('does not carry credentials to another origin', async () => {
    await client(`${shop.host},${other.host}`).request(`${shop.origin}/to-other-origin`, {
      headers: { Authorization: 'Bearer secret' },
    });
    expect(shop.seen[0]?.authorization).toBe('Bearer secret');
    expect(other.seen).toEqual([expect.objectContaining({ path: '/landing' })]);
    expect(other.seen[0]?.authorization).toBeUndefined();
  });

  it('times out a request that gets no answer', async () => {
    await expect(client(shop.host, undefined, 50).request(`${shop.origin}/hang`)).rejects.toBeInstanceOf(
      HttpTimeoutError,
    );
  });
});

describe('the pinned transport', () => {
  it('connects to the approved address without looking the name up again', async () => {
    const shop = await serve({ '/end': () => ({ status: 200, body: 'pinned' }) });
    try {
      const url = new URL(`http://pinned.invalid:${new URL(shop.origin).port}/end`);
      const response = await nodeHttpTransport()(url, {
        method: 'GET',
        headers: {},
        signal: AbortSignal.timeout(2000),
        addresses: ['127.0.0.1'],
      });
      expect(response).toMatchObject({ status: 200, body: 'pinned' });
    } finally {
      await shop.close();
    }
  });
});
