import { type Platform } from '@paykit/platform';
import { PLATFORM } from '../src/auth/platform.provider.js';
import { AuthTestRoutesModule } from './auth-test-routes.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };

describe('API key authentication over HTTP', () => {
  let server: TestServer;
  let platform: Platform;
  let shop: { projectId: string; serverKey: string; clientKey: string };
  let other: { projectId: string; serverKey: string };

  beforeAll(async () => {
    server = await startServer({ imports: [AuthTestRoutesModule], env: { APP_ENV: 'staging' } });
    platform = server.app.get<Platform>(PLATFORM);
    const provisioned = await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI);
    shop = {
      projectId: provisioned.project.projectId,
      serverKey: provisioned.serverKey,
      clientKey: provisioned.clientKey,
    };
    const second = await platform.provisionProject({ name: 'Other', environment: 'staging' }, CLI);
    other = { projectId: second.project.projectId, serverKey: second.serverKey };
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetchJson(`${server.baseUrl}${path}`, { headers });
  const issue = async (scopes: string[]) =>
    (await platform.apiKeys.issue({ projectId: shop.projectId, kind: 'server', scopes }, CLI)).key;

  it('answers the project of a valid server key, with its prefix and scopes', async () => {
    const response = await get('/unstable/projects/current', { 'x-api-key': shop.serverKey });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      projectId: shop.projectId,
      name: 'Shop',
      environment: 'staging',
      jwtVerification: null,
      apiKey: { prefix: shop.serverKey.slice(0, 19), kind: 'server' },
      userId: null,
    });
    expect(response.body.apiKey.scopes).toContain('wallets.create');
    expect(JSON.stringify(response.body)).not.toContain(shop.serverKey);
  });

  it('needs no key on public routes', async () => {
    expect((await fetchJson(`${server.rootUrl}/health`)).status).toBe(200);
  });

  it('answers 401 for a missing key', async () => {
    const response = await get('/unstable/projects/current');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: true,
      message: 'Missing API key: send it in the X-API-KEY header',
      code: 'missing_api_key',
    });
  });

  it('answers 401 saying malformed for a key that is not shaped like one', async () => {
    for (const key of ['hello', 'sk_staging_tooShort', `pk_staging_${'a'.repeat(43)}`]) {
      const response = await get('/unstable/projects/current', { 'x-api-key': key });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({
        error: true,
        code: 'malformed_api_key',
        message: expect.stringMatching(/^Malformed API key/),
      });
    }
  });

  it('answers 401 for a well-formed key that does not exist', async () => {
    const response = await get('/unstable/projects/current', { 'x-api-key': `sk_staging_${'a'.repeat(43)}` });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: true, code: 'invalid_api_key' });
  });

  it('answers 401 saying revoked at once after a revocation in this process, even for a cached key', async () => {
    const key = await issue(['orders.read']);
    expect((await get('/test-auth/orders', { 'x-api-key': key })).status).toBe(200);
    await platform.apiKeys.revokeByPrefix(shop.projectId, key.slice(0, 19), CLI);
    const response = await get('/test-auth/orders', { 'x-api-key': key });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: true, message: 'This API key has been revoked', code: 'revoked_api_key' });
  });

  it('answers 401 naming the scope a key lacks', async () => {
    const key = await issue(['wallets.read']);
    const response = await get('/test-auth/orders', { 'x-api-key': key });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      error: true,
      code: 'missing_scope',
      message: 'This API key lacks the required scope orders.read',
      parameters: { requiredScopes: ['orders.read'] },
    });
    expect((await get('/test-auth/wallets', { 'x-api-key': key })).status).toBe(200);
  });

  it('accepts any one of several scopes a route allows', async () => {
    const key = await issue(['orders.update']);
    expect((await get('/test-auth/any-order-scope', { 'x-api-key': key })).status).toBe(200);
    const none = await get('/test-auth/any-order-scope', { 'x-api-key': await issue(['wallets.read']) });
    expect(none.status).toBe(401);
    expect(none.body.message).toMatch(/one of orders.read, orders.update/);
  });

  it('answers 403 for a key of the other environment', async () => {
    const production = await platform.provisionProject({ name: 'Live', environment: 'production' }, CLI);
    const response = await get('/unstable/projects/current', { 'x-api-key': production.serverKey });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      error: true,
      code: 'wrong_environment',
      message: 'This is a production key; this is the staging environment',
    });
  });

  it('lets a server key act for x-service-user-id', async () => {
    const response = await get('/test-auth/orders', { 'x-api-key': shop.serverKey, 'x-service-user-id': 'user-42' });
    expect(response.body).toEqual({ projectId: shop.projectId, keyKind: 'server', userId: 'user-42' });
    const invalid = await get('/test-auth/orders', {
      'x-api-key': shop.serverKey,
      'x-service-user-id': 'x'.repeat(256),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: true, code: 'invalid_service_user_id' });
  });

  it('answers 404 for another project, as for a project that does not exist', async () => {
    const own = await get(`/unstable/projects/${shop.projectId}`, { 'x-api-key': shop.serverKey });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ projectId: shop.projectId, name: 'Shop' });
    const others = await get(`/unstable/projects/${other.projectId}`, { 'x-api-key': shop.serverKey });
    const missing = await get('/unstable/projects/00000000-0000-4000-8000-000000000000', {
      'x-api-key': shop.serverKey,
    });
    expect(others.status).toBe(404);
    expect(others.body).toEqual(missing.body);
    expect(others.body).toMatchObject({ error: true, message: 'Not found' });
    const reverse = await get(`/unstable/projects/${shop.projectId}`, { 'x-api-key': other.serverKey });
    expect(reverse.status).toBe(404);
  });

  it('answers 403 for a client key on a server-only route', async () => {
    const response = await get('/test-auth/orders', { 'x-api-key': shop.clientKey });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, code: 'server_key_required' });
  });

  describe('an order’s client secret, sent raw in Authorization', () => {
    const secret = `ord_00000000-0000-4000-8000-000000000000_secret_${'s'.repeat(32)}`;

    it('stands in for the scope only on a route that says so', async () => {
      const key = await issue(['wallets.read']);
      const bySecret = await get('/test-auth/order-by-secret', { 'x-api-key': key, authorization: secret });
      expect(bySecret.status).toBe(200);
      expect(bySecret.body).toEqual({ keyKind: 'server', orderClientSecret: secret });
      const byScope = await get('/test-auth/order-by-scope', { 'x-api-key': key, authorization: secret });
      expect(byScope.status).toBe(401);
      expect(byScope.body).toMatchObject({ code: 'missing_scope', parameters: { requiredScopes: ['orders.read'] } });
    });

    it('is whatever Authorization holds but a Bearer token (any case), an empty or a blank value', async () => {
      const secretOf = async (authorization: string) =>
        (await get('/test-auth/order-by-secret', { 'x-api-key': shop.serverKey, authorization })).body
          .orderClientSecret;
      // A no-break space: the only blank that reaches the server (HTTP drops spaces and tabs at the ends).
      for (const notASecret of ['', '\u00a0', 'Bearer abc', 'bearer abc', 'BEARER\tabc']) {
        expect({ authorization: notASecret, secret: await secretOf(notASecret) }).toEqual({
          authorization: notASecret,
          secret: null,
        });
      }
      expect(await secretOf('Basic Bearer abc')).toBe('Basic Bearer abc');
      expect(await secretOf(`${secret}\u00a0`)).toBe(secret);
    });

    it('comes with a key of this environment, or is refused with 403', async () => {
      const production = await platform.provisionProject({ name: 'Live secret', environment: 'production' }, CLI);
      const response = await get('/test-auth/order-by-secret', {
        'x-api-key': production.serverKey,
        authorization: secret,
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({
        error: true,
        message: 'This is a production key; this is the staging environment',
        code: 'wrong_environment',
        parameters: { keyEnvironment: 'production', environment: 'staging' },
      });
    });
  });

  it('answers 403 for a client key of a project without JWT verification', async () => {
    const response = await get('/test-auth/wallets', {
      'x-api-key': shop.clientKey,
      authorization: 'Bearer abc.def.ghi',
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: true, code: 'client_auth_not_configured' });
  });
});
