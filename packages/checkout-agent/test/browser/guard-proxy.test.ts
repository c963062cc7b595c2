import http from 'node:http';
import net from 'node:net';
import { type GuardProxy, createUrlGuard, startGuardProxy } from '../../src/index.js';

/** One HTTP request sent to a proxy, absolute-URI style, as Chromium sends them. */
const viaProxy = (
  proxy: string,
  target: string,
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(proxy);
    const request = http.request(
      { host: hostname, port, path: target, headers: { host: new URL(target).host } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      },
    );
    request.on('error', reject);
    request.end();
  });

const connectVia = (proxy: string, authority: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(proxy);
    const socket = net.connect({ host: hostname, port: Number(port) }, () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    socket.once('data', (chunk: Buffer) => {
      resolve(chunk.toString().split('\r\n')[0] ?? '');
      socket.destroy();
    });
    socket.on('error', reject);
  });

const listen = async (handler: http.RequestListener): Promise<{ server: http.Server; url: string; seen: string[] }> => {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, seen };
};

describe('the guard proxy in front of a run browser', () => {
  let shop: Awaited<ReturnType<typeof listen>>;
  let proxy: GuardProxy;
  // Names resolve here only: a private one, and nothing else (tests never touch DNS).
  const resolve = async (host: string) => (host === 'intranet.example' ? ['10.1.2.3'] : []);

  beforeAll(async () => {
    shop = await listen((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/plain' }).end('shop page'),
    );
  });
  afterAll(() => new Promise<void>((done) => shop.server.close(() => done())));
  afterEach(() => proxy?.close());

  it('forwards requests to allowed hosts and refuses private ones before anything is sent', async () => {
    const refused: string[] = [];
    proxy = await startGuardProxy({
      guard: createUrlGuard({ allowedHosts: new URL(shop.url).host, resolve }),
      onRefused: (url) => refused.push(url),
    });

    expect(await viaProxy(proxy.url, `${shop.url}/products/mug`)).toMatchObject({ status: 200, body: 'shop page' });
    const blocked = await viaProxy(proxy.url, 'http://intranet.example/admin');
    expect(blocked.status).toBe(403);
    expect(blocked.headers['x-checkout-agent-refused']).toBe('url-guard');
    expect(await viaProxy(proxy.url, 'http://169.254.169.254/latest/meta-data/')).toMatchObject({ status: 403 });
    expect(await connectVia(proxy.url, '10.0.0.8:443')).toBe('HTTP/1.1 403 Forbidden');
    expect(refused).toEqual([
      'http://intranet.example/admin',
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8:443/',
    ]);
    expect(shop.seen).toEqual(['GET /products/mug']);
  });

  it('sends approved traffic through the upstream egress proxy of the run location, with its credentials', async () => {
    const upstream = await listen((request, response) => {
      const auth = request.headers['proxy-authorization'];
      response
        .writeHead(200)
        .end(`via upstream, auth ${auth ? Buffer.from(auth.replace('Basic ', ''), 'base64').toString() : 'none'}`);
    });
    try {
      const upstreamUrl = new URL(upstream.url);
      upstreamUrl.username = 'run';
      upstreamUrl.password = 's3cret';
      proxy = await startGuardProxy({
        guard: createUrlGuard({ allowedHosts: new URL(shop.url).host, resolve }),
        upstream: upstreamUrl,
      });
      expect(await viaProxy(proxy.url, `${shop.url}/cart`)).toMatchObject({
        status: 200,
        body: 'via upstream, auth run:s3cret',
      });
      expect(upstream.seen).toEqual([`GET ${shop.url}/cart`]);
      expect(await viaProxy(proxy.url, 'http://intranet.example/')).toMatchObject({ status: 403 });
      expect(upstream.seen).toHaveLength(1);
    } finally {
      await new Promise<void>((done) => upstream.server.close(() => done()));
    }
  });
});
