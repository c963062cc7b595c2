import type { Platform } from '@paykit/platform';
import { SignJWT } from 'jose';
import { PLATFORM } from '../src/auth/platform.provider.js';
import { AuthTestRoutesModule } from './auth-test-routes.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };
const HS_SECRET = 'auth-answers-shared-secret-of-32-characters-at-least';
const seconds = () => Math.floor(Date.now() / 1000);

/**
 * Every way authentication refuses a request, with the whole answer the spec promises: the status,
 * the code and a message that says what to fix (found by mutation testing: other suites check the
 * code and let the message drift). Over HTTP, on routes that exist only in the auth tests.
 */
describe('the answers of authentication, whole', () => {
  let server: TestServer;
  let platform: Platform;
  let keys: { server: string; client: string; clientWithoutJwt: string };

  beforeAll(async () => {
    server = await startServer({ imports: [AuthTestRoutesModule], env: { APP_ENV: 'staging' } });
    platform = server.app.get<Platform>(PLATFORM);
    const withJwt = await platform.provisionProject(
      { name: 'With JWT', environment: 'staging', jwt: { type: 'hs256', secret: HS_SECRET } },
      CLI,
    );
    const withoutJwt = await platform.provisionProject({ name: 'Without JWT', environment: 'staging' }, CLI);
    keys = { server: withJwt.serverKey, client: withJwt.clientKey, clientWithoutJwt: withoutJwt.clientKey };
  });
  afterAll(() => server.close());

  const get = (path: string, headers: Record<string, string>) => fetchJson(`${server.baseUrl}${path}`, { headers });
  const refused = (status: number, code: string, message: string, parameters?: Record<string, unknown>) => ({
    status,
    body: { error: true, message, code, ...(parameters ? { parameters } : {}) },
  });
  const answer = async (path: string, headers: Record<string, string>) => {
    const { status, body } = await get(path, headers);
    return { status, body };
  };
  const jwt = (claims: { sub?: string; exp?: number; nbf?: number }, alg = 'HS256', secret = HS_SECRET) => {
    const token = new SignJWT({}).setProtectedHeader({ alg }).setIssuedAt();
    if (claims.exp !== undefined) token.setExpirationTime(claims.exp);
    if (claims.nbf !== undefined) token.setNotBefore(claims.nbf);
    if (claims.sub !== undefined) token.setSubject(claims.sub);
    return token.sign(new TextEncoder().encode(secret));
  };
  const asUser = async (token: string | Promise<string>) => ({
    'x-api-key': keys.client,
    authorization: `Bearer ${await token}`,
  });

  it('401 for a key sent empty or blank, as for none', async () => {
    // A no-break space: the only blank that reaches the server (HTTP drops spaces and tabs at the ends).
    for (const key of ['', '\u00a0']) {
      expect(await answer('/test-auth/orders', { 'x-api-key': key })).toEqual(
        refused(401, 'missing_api_key', 'Missing API key: send it in the X-API-KEY header'),
      );
    }
  });

  it('401 for a malformed key, saying what a key looks like', async () => {
    expect(await answer('/test-auth/orders', { 'x-api-key': 'hello' })).toEqual(
      refused(
        401,
        'malformed_api_key',
        'Malformed API key: expected sk_<environment>_<secret> or ck_<environment>_<secret> in the X-API-KEY header',
      ),
    );
  });

  it('401 for a well-formed key that does not exist', async () => {
    expect(await answer('/test-auth/orders', { 'x-api-key': `sk_staging_${'a'.repeat(43)}` })).toEqual(
      refused(401, 'invalid_api_key', 'Invalid API key: no such key'),
    );
  });

  it('401 naming every scope a route accepts when the key holds none of them', async () => {
    const key = (
      await platform.apiKeys.issue(
        { projectId: await projectOf(keys.server), kind: 'server', scopes: ['wallets.read'] },
        CLI,
      )
    ).key;
    expect(await answer('/test-auth/any-order-scope', { 'x-api-key': key })).toEqual(
      refused(401, 'missing_scope', 'This API key lacks the required scopes: one of orders.read, orders.update', {
        requiredScopes: ['orders.read', 'orders.update'],
      }),
    );
  });

  it('403 for a key of the other environment, naming both', async () => {
    const production = await platform.provisionProject({ name: 'Live', environment: 'production' }, CLI);
    expect(await answer('/test-auth/orders', { 'x-api-key': production.serverKey })).toEqual(
      refused(403, 'wrong_environment', 'This is a production key; this is the staging environment', {
        keyEnvironment: 'production',
        environment: 'staging',
      }),
    );
  });

  it('403 for a client key on a server-only route, and for one of a project that verifies no JWT', async () => {
    expect(await answer('/test-auth/orders', await asUser(jwt({ sub: 'u', exp: seconds() + 60 })))).toEqual(
      refused(
        403,
        'server_key_required',
        'This operation needs a server-side API key (sk_...); client keys are not allowed',
      ),
    );
    expect(await answer('/test-auth/wallets', { 'x-api-key': keys.clientWithoutJwt })).toEqual(
      refused(
        403,
        'client_auth_not_configured',
        'Client keys need JWT verification configured on the project; none is configured',
      ),
    );
  });

  it('401 for a client key without a Bearer token, saying how to send one', async () => {
    const missing = refused(
      401,
      'missing_jwt',
      'Client keys need a user token: send it as Authorization: Bearer <JWT>',
    );
    expect(await answer('/test-auth/wallets', { 'x-api-key': keys.client })).toEqual(missing);
    expect(await answer('/test-auth/wallets', { 'x-api-key': keys.client, authorization: 'Basic abc' })).toEqual(
      missing,
    );
  });

  it('401 for each way a JWT is wrong, saying which', async () => {
    const invalid = (reason: string) => refused(401, 'invalid_jwt', `Invalid JWT: ${reason}`);
    const soon = seconds() + 60;
    expect(await answer('/test-auth/wallets', await asUser('not-a-token'))).toEqual(invalid('not a well-formed JWT'));
    expect(
      await answer('/test-auth/wallets', await asUser(jwt({ sub: 'u', exp: soon }, 'HS256', `${HS_SECRET}-forged`))),
    ).toEqual(invalid('signature verification failed'));
    expect(await answer('/test-auth/wallets', await asUser(jwt({ sub: 'u', exp: soon }, 'HS512')))).toEqual(
      invalid('its algorithm is not allowed for this project'),
    );
    expect(await answer('/test-auth/wallets', await asUser(jwt({ sub: 'u' })))).toEqual(
      invalid('the exp claim is missing'),
    );
    expect(
      await answer('/test-auth/wallets', await asUser(jwt({ sub: 'u', exp: soon + 3600, nbf: soon + 600 }))),
    ).toEqual(invalid('the nbf claim is not valid'));
    for (const sub of ['', 'x'.repeat(256)]) {
      expect(await answer('/test-auth/wallets', await asUser(jwt({ sub, exp: soon })))).toEqual(
        invalid('the sub claim must be a string of 1 to 255 characters'),
      );
    }
  });

  it('takes a subject of 255 characters, and a service user of 255 printable characters, but not 256', async () => {
    const longest = 'x'.repeat(255);
    const user = await answer('/test-auth/wallets', await asUser(jwt({ sub: longest, exp: seconds() + 60 })));
    expect(user).toMatchObject({ status: 200, body: { keyKind: 'client', userId: longest } });
    const service = await answer('/test-auth/orders', { 'x-api-key': keys.server, 'x-service-user-id': longest });
    expect(service).toMatchObject({ status: 200, body: { keyKind: 'server', userId: longest } });
    expect(await answer('/test-auth/orders', { 'x-api-key': keys.server, 'x-service-user-id': `${longest}x` })).toEqual(
      refused(400, 'invalid_service_user_id', 'x-service-user-id must be 1 to 255 printable characters'),
    );
  });

  it('lets any valid key through a route that requires no scope: a key without scopes, a client key with its user', async () => {
    const bare = (
      await platform.apiKeys.issue({ projectId: await projectOf(keys.server), kind: 'server', scopes: [] }, CLI)
    ).key;
    expect(await answer('/test-auth/any-key', { 'x-api-key': bare })).toMatchObject({
      status: 200,
      body: { keyKind: 'server', userId: null },
    });
    expect(await answer('/test-auth/any-key', await asUser(jwt({ sub: 'u-1', exp: seconds() + 60 })))).toMatchObject({
      status: 200,
      body: { keyKind: 'client', userId: 'u-1' },
    });
  });

  const projectOf = async (serverKey: string): Promise<string> =>
    (await get('/unstable/projects/current', { 'x-api-key': serverKey })).body.projectId as string;
});
