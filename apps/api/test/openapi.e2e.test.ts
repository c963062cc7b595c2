import { Controller, Get, Module } from '@nestjs/common';
import { cursorPage } from '@paykit/contracts';
import { TEST_CARDS } from '@paykit/providers';
import { z } from 'zod';
import { Public } from '../src/http/access.decorators.js';
import { Route } from '../src/http/routes/route.decorator.js';
import { undocumentedRoutes } from '../src/openapi/coverage.js';
import type { OpenApiDocument } from '../src/openapi/openapi-document.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { TestRoutesModule } from './support/test-routes.module.js';

const Order = z.object({ orderId: z.uuid(), total: z.string() }).meta({ id: 'TestOrder' });

/** Declared, never called: shows how a scoped route is documented. */
@Controller('documented')
class ScopedRoutesController {
  @Route({
    method: 'GET',
    path: 'orders/:orderId',
    summary: 'Get an order',
    scope: 'orders.read',
    params: z.object({ orderId: z.uuid() }),
    responses: { 200: Order },
  })
  get() {
    return {};
  }

  @Route({
    method: 'GET',
    path: 'orders',
    summary: 'List orders',
    scope: ['orders.read', 'orders.update'],
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(30), cursor: z.string().optional() }),
    responses: { 200: cursorPage(Order) },
  })
  list() {
    return { data: [] };
  }
}

@Module({ controllers: [ScopedRoutesController] })
class ScopedRoutesModule {}

@Controller('undocumented')
class UndocumentedController {
  @Public()
  @Get('hidden')
  hidden() {
    return {};
  }
}

@Module({ controllers: [UndocumentedController] })
class UndocumentedModule {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed JSON document, read field by field
type Json = Record<string, any>;

const refsIn = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : refsIn(item),
  );
};

describe('OpenAPI document', () => {
  let server: TestServer;
  let document: OpenApiDocument & { components: { schemas: Record<string, unknown> } };
  beforeAll(async () => {
    server = await startServer({ imports: [TestRoutesModule, ScopedRoutesModule] });
    document = (await fetchJson(`${server.rootUrl}/openapi.json`)).body;
  });
  afterAll(() => server.close());

  it('documents every route the server registered', () => {
    expect(undocumentedRoutes(server.routes, document)).toEqual([]);
    expect(server.routes.length).toBeGreaterThan(10);
  });

  it('is OpenAPI 3.1 with the API prefix as its server and the root routes on their own', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: '/api' }]);
    expect(document.paths['/health']).toMatchObject({ servers: [{ url: '/' }], get: { security: [] } });
    expect(document.paths['/test/echo']).toHaveProperty('post');
  });

  it('states the security schemes and the scope of each route', () => {
    expect(document['components']).toMatchObject({
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
        UserJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    });
    const get = document.paths['/documented/orders/{orderId}']!['get'] as Record<string, unknown>;
    expect(get['security']).toEqual([{ ApiKey: [] }, { ApiKey: [], UserJwt: [] }]);
    expect(get['x-required-scopes']).toEqual(['orders.read']);
    expect(get['description']).toContain('`orders.read`');
    const list = document.paths['/documented/orders']!['get'] as Record<string, unknown>;
    expect(list['x-required-scopes']).toEqual(['orders.read', 'orders.update']);
    expect(document['x-scopes']).toEqual(
      expect.arrayContaining([
        { name: 'wallets.create', description: expect.any(String), clientSide: expect.any(Boolean) },
      ]),
    );
  });

  it('derives parameters, bodies and responses from the zod contracts', () => {
    const get = document.paths['/documented/orders/{orderId}']!['get'] as Json;
    expect(get['parameters']).toEqual([
      {
        name: 'orderId',
        in: 'path',
        required: true,
        schema: { type: 'string', format: 'uuid', pattern: expect.any(String) },
      },
      expect.objectContaining({ name: 'x-service-user-id', in: 'header', required: false }),
    ]);
    expect(get['responses']['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/TestOrder' } } },
    });
    expect(get['responses']['404']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    const list = document.paths['/documented/orders']!['get'] as Json;
    expect(list['parameters']).toEqual([
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 30 }),
      },
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
      expect.objectContaining({ name: 'x-service-user-id', in: 'header', required: false }),
    ]);
    const echo = document.paths['/test/echo']!['post'] as Json;
    expect(echo['requestBody']).toMatchObject({
      required: true,
      content: { 'application/json': { schema: { $ref: expect.stringMatching(/^#\/components\/schemas\//) } } },
    });
    expect(echo['parameters']).toEqual([
      expect.objectContaining({ name: 'x-idempotency-key', in: 'header', required: false }),
    ]);
    expect(Object.keys(echo['responses'])).toEqual(
      expect.arrayContaining(['201', '400', '409', '413', '415', '500', '503']),
    );
    expect(document.components.schemas['ErrorBody']).toMatchObject({ type: 'object', required: ['error', 'message'] });
  });

  it('declares x-service-user-id on every route that takes an API key, and on no public one', () => {
    const operations = Object.values(document.paths).flatMap((item) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([, operation]) => operation as Json),
    );
    expect(operations.length).toBeGreaterThan(10);
    for (const operation of operations) {
      const declared = ((operation['parameters'] ?? []) as Json[]).filter(
        (parameter) => parameter['name'] === 'x-service-user-id',
      );
      const authenticated = (operation['security'] as unknown[]).length > 0;
      expect({ operation: operation['operationId'], declared: declared.length }).toEqual({
        operation: operation['operationId'],
        declared: authenticated ? 1 : 0,
      });
      if (authenticated) {
        expect(declared[0]).toMatchObject({
          in: 'header',
          required: false,
          description: expect.stringContaining('Server keys'),
          schema: { type: 'string', pattern: expect.any(String) },
        });
      }
    }
    const createWallet = document.paths['/2025-06-09/wallets']!['post'] as Json;
    expect((createWallet['parameters'] as Json[]).map((parameter) => parameter['name'])).toContain('x-service-user-id');
  });

  it('resolves every $ref inside the document', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const name = ref.replace('#/components/schemas/', '');
      expect({ ref, found: name in document.components.schemas }).toEqual({ ref, found: true });
    }
  });

  const appOperations = (): [string, string, Json][] =>
    Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/test/') && !path.startsWith('/documented/'))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, operation]) => [method.toUpperCase(), path, operation as Json] as [string, string, Json]),
      );

  it('shows a realistic example of every request body, valid against its contract', () => {
    const withBodies = appOperations().filter(([, , operation]) => operation['requestBody']);
    expect(withBodies.length).toBeGreaterThan(20);
    for (const [method, path, operation] of withBodies) {
      const examples = operation['requestBody']['content']['application/json']['examples'] as Json | undefined;
      expect({ route: `${method} ${path}`, examples: Object.keys(examples ?? {}).length > 0 }).toEqual({
        route: `${method} ${path}`,
        examples: true,
      });
    }
  });

  it('shows examples of the main answers', () => {
    const main = [
      ['POST', '/2025-06-09/wallets', '201'],
      ['GET', '/2025-06-09/wallets/{walletLocator}', '200'],
      ['POST', '/2025-06-09/wallets/{walletLocator}/tokens/{tokenLocator}/transfers', '201'],
      ['GET', '/2025-06-09/wallets/{walletLocator}/transactions/{transactionId}', '200'],
      ['POST', '/2022-06-09/orders', '201'],
      ['POST', '/2022-06-09/orders', '200'],
      ['GET', '/2022-06-09/orders', '200'],
      ['GET', '/2022-06-09/orders/{orderId}', '200'],
      ['POST', '/2022-06-09/orders/{orderId}/payment', '200'],
      ['POST', '/unstable/agent-checkouts', '202'],
      ['GET', '/unstable/agent-checkouts', '200'],
      ['POST', '/2025-06-09/webhooks/endpoints', '201'],
      ['GET', '/2024-09-26/tokens', '200'],
      ['GET', '/unstable/reports/reconciliation', '200'],
    ] as const;
    for (const [method, path, status] of main) {
      const operation = document.paths[path]![method.toLowerCase()] as Json;
      const examples = operation['responses'][status]['content']['application/json']['examples'] as Json | undefined;
      expect({ route: `${method} ${path} ${status}`, examples: Object.keys(examples ?? {}).length > 0 }).toEqual({
        route: `${method} ${path} ${status}`,
        examples: true,
      });
    }
  });

  it('lists every status the server answers: 414 for path parameters, 415 for bodies, the report formats', () => {
    expect(document).not.toHaveProperty('jsonSchemaDialect');
    for (const [method, path, operation] of appOperations()) {
      const statuses = Object.keys(operation['responses']);
      const route = `${method} ${path}`;
      if (path.includes('{') && !path.startsWith('/docs'))
        expect({ route, statuses }).toEqual({ route, statuses: expect.arrayContaining(['404', '414']) });
      if (operation['requestBody'])
        expect({ route, statuses }).toEqual({ route, statuses: expect.arrayContaining(['400', '413', '415']) });
      if ((operation['security'] as unknown[]).length > 0)
        expect({ route, statuses }).toEqual({ route, statuses: expect.arrayContaining(['401', '403', '429']) });
    }
    const report = document.paths['/unstable/reports/reconciliation']!['get'] as Json;
    expect(Object.keys(report['responses']['200']['content'])).toEqual(['application/json', 'text/csv', 'text/html']);
    const exceptions = document.paths['/unstable/reports/reconciliation/exceptions']!['get'] as Json;
    expect(Object.keys(exceptions['responses']['200']['content'])).toEqual(['application/json', 'text/csv']);
  });

  it('opens with a test-mode section naming the sandbox magic values', () => {
    const description = (document['info'] as Json)['description'] as string;
    expect(description).toContain('## Test mode');
    for (const number of Object.keys(TEST_CARDS))
      expect(description).toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
    for (const marker of ['+decline', '+review', '`0002`', '`0003`', 'usdxm', 'PAYOUT_SANDBOX_SEND_DELAY_MS'])
      expect(description).toContain(marker);
  });

  it('serves an offline reference page at /docs with its assets', async () => {
    const page = await fetch(`${server.rootUrl}/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('/openapi.json');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(`${server.rootUrl}/docs/assets/scalar-standalone.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const missing = await fetchJson(`${server.rootUrl}/docs/assets/..%2Fpackage.json`);
    expect(missing).toMatchObject({ status: 404, body: { error: true, message: 'Not found' } });
  });
});

describe('OpenAPI coverage check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ imports: [UndocumentedModule] });
  });
  afterAll(() => server.close());

  it('fails on a route declared without @Route', async () => {
    const document = (await fetchJson(`${server.rootUrl}/openapi.json`)).body;
    expect(undocumentedRoutes(server.routes, document)).toEqual([{ method: 'GET', url: '/api/undocumented/hidden' }]);
  });
});
