import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CardNetwork, cardNetworkAt } from './card-processor.js';
import { type HostedFields, startHostedFields } from './hosted-fields.js';
import { multipartFields } from './multipart.js';
import { OrderBook, type OrderBookOptions } from './order-book.js';

/** One request as a shop's handlers see it: the body already parsed, the visitor's session attached. */
export interface ShopRequest<S> {
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** An urlencoded or multipart form body's text fields (empty for other bodies). */
  readonly form: URLSearchParams;
  /** A JSON body (undefined for other bodies). */
  readonly json: unknown;
  readonly session: S;
}

export type ShopReply =
  | { readonly status?: number; readonly html: string }
  | { readonly status?: number; readonly json: unknown }
  | { readonly status?: number; readonly script: string }
  | { readonly redirect: string };

export interface Route<S> {
  readonly method: 'GET' | 'POST';
  /** `/p/:slug` style; `*` as the whole path matches any GET (a single-page app's shell). */
  readonly path: string;
  readonly handle: (request: ShopRequest<S>) => ShopReply | Promise<ShopReply>;
}

export interface ShopKit {
  readonly orders: OrderBook;
  /** The shop's payment processor origin serving hosted card fields (for a definition that asks for it). */
  readonly hostedFields?: HostedFields;
}

/** A test shop: what it is called, what makes it hard (its README line), and its pages. */
export interface ShopDefinition<S = unknown> {
  readonly id: string;
  readonly name: string;
  readonly hard: string;
  /** The session cookie's name (shops differ in this too). */
  readonly cookie: string;
  readonly orderBook: OrderBookOptions;
  /** Its processor hosts the card fields in frames of a second origin (see hosted-fields.ts). */
  readonly hostedFields?: boolean;
  newSession(): S;
  routes(kit: ShopKit): readonly Route<S>[];
}

export interface RunningShop {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  /** The hosts its pages load from: its own, and its payment processor's where it hosts card fields. */
  readonly hosts: readonly string[];
  readonly orders: OrderBook;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<string> => {
  let body = '';
  for await (const chunk of request) {
    body += (chunk as Buffer).toString('utf8');
    if (body.length > 100_000) throw new Error('body too large');
  }
  return body;
};

const cookieOf = (request: IncomingMessage, name: string): string | undefined =>
  (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

const matchPath = (pattern: string, path: string): Record<string, string> | null => {
  if (pattern === '*') return {};
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const actual = got[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
};

const send = (response: ServerResponse, reply: ShopReply, setCookie: string | null): void => {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    ...(setCookie ? { 'set-cookie': setCookie } : {}),
  };
  if ('redirect' in reply) {
    response.writeHead(303, { ...headers, location: reply.redirect }).end();
  } else if ('html' in reply) {
    response.writeHead(reply.status ?? 200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
  } else if ('script' in reply) {
    response
      .writeHead(reply.status ?? 200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' })
      .end(reply.script);
  } else {
    response
      .writeHead(reply.status ?? 200, { ...headers, 'content-type': 'application/json' })
      .end(JSON.stringify(reply.json));
  }
};

/** Serves one shop on its own origin (127.0.0.1 and a free port unless told), with in-memory sessions. */
export interface ShopOptions {
  readonly host?: string;
  readonly port?: number;
  /** Where the shop's processor asks for card authorizations; a URL is the sandbox card network's. */
  readonly cardNetwork?: string | CardNetwork;
}

export const startShop = async <S>(definition: ShopDefinition<S>, options: ShopOptions = {}): Promise<RunningShop> => {
  let url = 'http://shop.invalid';
  const network = typeof options.cardNetwork === 'string' ? cardNetworkAt(options.cardNetwork) : options.cardNetwork;
  const orders = new OrderBook(definition.orderBook, network, { name: definition.name, url: () => url });
  const hostedFields = definition.hostedFields ? await startHostedFields(options.host) : undefined;
  const routes = definition.routes({ orders, ...(hostedFields ? { hostedFields } : {}) });
  const sessions = new Map<string, S>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://shop.invalid');
      const method = request.method ?? 'GET';
      let sid = cookieOf(request, definition.cookie);
      let setCookie: string | null = null;
      if (!sid || !sessions.has(sid)) {
        sid = randomBytes(12).toString('hex');
        sessions.set(sid, definition.newSession());
        setCookie = `${definition.cookie}=${sid}; Path=/; HttpOnly; SameSite=Lax`;
      }
      const route = routes
        .map((candidate) => ({
          candidate,
          params: candidate.method === method ? matchPath(candidate.path, url.pathname) : null,
        }))
        .find(({ params }) => params !== null);
      if (!route?.params) {
        send(
          response,
          { status: 404, html: `<!doctype html><title>Not found</title><h1>Page not found</h1>` },
          setCookie,
        );
        return;
      }
      const raw = method === 'POST' ? await readBody(request) : '';
      const type = request.headers['content-type'] ?? '';
      const reply = await route.candidate.handle({
        method,
        path: url.pathname,
        params: route.params,
        query: url.searchParams,
        form: type.includes('application/x-www-form-urlencoded')
          ? new URLSearchParams(raw)
          : type.includes('multipart/form-data')
            ? multipartFields(raw, type)
            : new URLSearchParams(),
        json: type.includes('application/json') && raw ? (JSON.parse(raw) as unknown) : undefined,
        session: sessions.get(sid) as S,
      });
      send(response, reply, setCookie);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`Internal error: ${(error as Error).message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    id: definition.id,
    name: definition.name,
    url,
    hosts: [new URL(url).host, ...(hostedFields ? [new URL(hostedFields.origin).host] : [])],
    orders,
    close: async () => {
      await hostedFields?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
};
