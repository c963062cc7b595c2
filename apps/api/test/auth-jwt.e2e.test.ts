import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JwtInput, Platform } from '@paykit/platform';
import { type CryptoKey, SignJWT, exportJWK, exportSPKI, generateKeyPair } from 'jose';
import { PLATFORM } from '../src/auth/platform.provider.js';
import { AuthTestRoutesModule } from './auth-test-routes.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };
const now = () => Math.floor(Date.now() / 1000);

type SigningKey = CryptoKey | Uint8Array;
interface Signer {
  readonly alg: string;
  readonly key: SigningKey;
  readonly kid?: string;
}

const sign = (signer: Signer, claims: { sub?: string; exp?: number } = {}) => {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: signer.alg, ...(signer.kid ? { kid: signer.kid } : {}) })
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? now() + 300);
  if (claims.sub !== '') jwt.setSubject(claims.sub ?? 'user-1');
  return jwt.sign(signer.key);
};

/** A JWKS served from 127.0.0.1, as an identity provider would serve it. */
const serveJwks = async (jwks: unknown): Promise<{ url: string; server: Server }> => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`, server };
};

describe('client keys with end-user JWTs over HTTP', () => {
  let server: TestServer;
  let platform: Platform;
  let jwks: { url: string; server: Server };

  const hsSecret = 'a-shared-secret-of-at-least-thirty-two-characters';
  const signers: Record<string, { valid: Signer; forged: Signer }> = {};
  const clientKeys: Record<string, string> = {};

  const projectWithJwt = async (name: string, jwt: JwtInput) => {
    const { clientKey } = await platform.provisionProject({ name, environment: 'staging', jwt }, CLI);
    clientKeys[name] = clientKey;
  };

  beforeAll(async () => {
    server = await startServer({ imports: [AuthTestRoutesModule] });
    platform = server.app.get<Platform>(PLATFORM);

    const encoder = new TextEncoder();
    signers['hs256'] = {
      valid: { alg: 'HS256', key: encoder.encode(hsSecret) },
      forged: { alg: 'HS256', key: encoder.encode('another-secret-of-at-least-thirty-two-chars') },
    };
    await projectWithJwt('hs256', { type: 'hs256', secret: hsSecret });

    for (const alg of ['RS256', 'ES256'] as const) {
      const real = await generateKeyPair(alg);
      const attacker = await generateKeyPair(alg);
      signers[alg] = { valid: { alg, key: real.privateKey }, forged: { alg, key: attacker.privateKey } };
      await projectWithJwt(alg, { type: 'public-key', publicKeyPem: await exportSPKI(real.publicKey) });
    }

    const real = await generateKeyPair('ES256');
    const attacker = await generateKeyPair('ES256');
    jwks = await serveJwks({
      keys: [{ ...(await exportJWK(real.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }],
    });
    signers['jwks'] = {
      valid: { alg: 'ES256', key: real.privateKey, kid: 'key-1' },
      // Same kid, wrong key: what a forger would try.
      forged: { alg: 'ES256', key: attacker.privateKey, kid: 'key-1' },
    };
    await projectWithJwt('jwks', { type: 'jwks', url: jwks.url });
  });

  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => jwks.server.close(resolve));
  });

  const call = (mechanism: string, token: string | null, extra: Record<string, string> = {}) =>
    fetchJson(`${server.baseUrl}/test-auth/wallets`, {
      headers: {
        'x-api-key': clientKeys[mechanism]!,
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...extra,
      },
    });

  describe.each(['hs256', 'RS256', 'ES256', 'jwks'])('verified with %s', (mechanism: string) => {
    it('accepts a valid JWT: its subject is the user, x-service-user-id is ignored', async () => {
      const token = await sign(signers[mechanism]!.valid, { sub: 'user-7' });
      const response = await call(mechanism, token, { 'x-service-user-id': 'someone-else' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ keyKind: 'client', userId: 'user-7' });
    });

    it('answers 401 for an expired JWT', async () => {
      const response = await call(mechanism, await sign(signers[mechanism]!.valid, { exp: now() - 60 }));
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: true, message: 'The JWT has expired', code: 'expired_jwt' });
    });

    it('answers 401 for a forged JWT (signed with another key)', async () => {
      const response = await call(mechanism, await sign(signers[mechanism]!.forged));
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: true, code: 'invalid_jwt' });
    });
  });

  it('answers 401 when a client key comes without a JWT', async () => {
    const response = await call('hs256', null);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      error: true,
      code: 'missing_jwt',
      message: expect.stringMatching(/Authorization: Bearer/),
    });
  });

  it('answers 401 for a JWT without a subject, or one that is not a JWT', async () => {
    const noSubject = await call('hs256', await sign(signers['hs256']!.valid, { sub: '' }));
    expect(noSubject.status).toBe(401);
    expect(noSubject.body.message).toMatch(/sub claim is missing/);
    const garbage = await call('hs256', 'not-a-jwt');
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ code: 'invalid_jwt' });
  });

  it('refuses an HS256 token on a public-key project (no algorithm confusion)', async () => {
    const response = await call('RS256', await sign(signers['hs256']!.valid));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'invalid_jwt' });
  });

  it('answers 503 when the project’s JWKS cannot be fetched', async () => {
    const down = await serveJwks({ keys: [] });
    await new Promise((resolve) => down.server.close(resolve));
    await projectWithJwt('jwks-down', { type: 'jwks', url: down.url });
    const response = await call('jwks-down', await sign(signers['jwks']!.valid));
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: true });
  });
});
