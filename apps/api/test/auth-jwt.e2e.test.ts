import { type RequestListener, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@paykit/kernel';
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

interface Claims {
  readonly sub?: string;
  readonly exp?: number;
  /** null: no iat claim. */
  readonly iat?: number | null;
  readonly nbf?: number;
  readonly iss?: string;
  readonly aud?: string | string[];
}

const sign = (signer: Signer, claims: Claims = {}) => {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: signer.alg, ...(signer.kid ? { kid: signer.kid } : {}) })
    .setExpirationTime(claims.exp ?? now() + 300);
  if (claims.iat !== null) jwt.setIssuedAt(claims.iat ?? now());
  if (claims.sub !== '') jwt.setSubject(claims.sub ?? 'user-1');
  if (claims.nbf !== undefined) jwt.setNotBefore(claims.nbf);
  if (claims.iss !== undefined) jwt.setIssuer(claims.iss);
  if (claims.aud !== undefined) jwt.setAudience(claims.aud);
  return jwt.sign(signer.key);
};

interface JwksHost {
  readonly url: string;
  readonly server: Server;
  /** How many times the key set was asked for. */
  readonly requests: () => number;
}

/** An identity provider's JWKS URL on 127.0.0.1, answering as `answer` does. */
const hostJwks = async (answer: RequestListener): Promise<JwksHost> => {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
  return { url, server, requests: () => requests };
};

/** A JWKS served as an identity provider would serve it. */
const serveJwks = (jwks: unknown): Promise<JwksHost> =>
  hostJwks((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });

const stop = async (host: JwksHost) => {
  host.server.closeAllConnections();
  await new Promise((resolve) => host.server.close(resolve));
};

describe('client keys with end-user JWTs over HTTP', () => {
  let server: TestServer;
  let platform: Platform;
  let jwks: JwksHost;
  let jwksKeySet: { keys: object[] };
  // Time as the authentication cache sees it: it lets go of nothing unless a test moves it on.
  const clock = new ManualClock();

  const hsSecret = 'a-shared-secret-of-at-least-thirty-two-characters';
  const signers: Record<string, { valid: Signer; forged: Signer }> = {};
  const clientKeys: Record<string, string> = {};

  const projectWithJwt = async (name: string, jwt: JwtInput | null) => {
    const { project, clientKey } = await platform.provisionProject({ name, environment: 'staging', jwt }, CLI);
    clientKeys[name] = clientKey;
    return project.projectId;
  };

  beforeAll(async () => {
    server = await startServer({ imports: [AuthTestRoutesModule], clock });
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
    jwksKeySet = { keys: [{ ...(await exportJWK(real.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }] };
    jwks = await serveJwks(jwksKeySet);
    signers['jwks'] = {
      valid: { alg: 'ES256', key: real.privateKey, kid: 'key-1' },
      // Same kid, wrong key: what a forger would try.
      forged: { alg: 'ES256', key: attacker.privateKey, kid: 'key-1' },
    };
    await projectWithJwt('jwks', { type: 'jwks', url: jwks.url });
  });

  afterAll(async () => {
    await server.close();
    await stop(jwks);
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
      const response = await call(mechanism, await sign(signers[mechanism]!.valid, { exp: now() - 120 }));
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
    await stop(down);
    await projectWithJwt('jwks-down', { type: 'jwks', url: down.url });
    const response = await call('jwks-down', await sign(signers['jwks']!.valid));
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: true });
  });

  it('answers 401 for a token whose key the project’s key set does not hold', async () => {
    const response = await call('jwks', await sign({ ...signers['jwks']!.valid, kid: 'key-2' }));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: true,
      message: "Invalid JWT: no key of the project's key set matches the token",
      code: 'invalid_jwt',
    });
  });

  it('answers 502 when the project’s JWKS URL serves something that is not a key set', async () => {
    const broken = await serveJwks({ keys: 'none' });
    await projectWithJwt('jwks-broken', { type: 'jwks', url: broken.url });
    const response = await call('jwks-broken', await sign(signers['jwks']!.valid));
    await stop(broken);
    expect(response.status).toBe(502);
    expect(response.body).toEqual({
      error: true,
      message: "The project's JWKS is not a valid key set",
      code: 'jwks_invalid',
    });
  });

  it('answers 503 when the project’s JWKS URL does not answer within 5 s', async () => {
    const silent = await hostJwks(() => undefined);
    await projectWithJwt('jwks-silent', { type: 'jwks', url: silent.url });
    const response = await call('jwks-silent', await sign(signers['jwks']!.valid));
    await stop(silent);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: true,
      message: "The project's JWKS could not be fetched",
      code: 'jwks_unavailable',
    });
  });

  it('fetches a JWKS once, not again when the authentication cache reads the project anew', async () => {
    const { valid } = signers['jwks']!;
    const host = await serveJwks(jwksKeySet);
    await projectWithJwt('jwks-counted', { type: 'jwks', url: host.url });
    expect((await call('jwks-counted', await sign(valid))).status).toBe(200);
    clock.advance(60_001); // past any AUTH_CACHE_TTL_MS
    expect((await call('jwks-counted', await sign(valid))).status).toBe(200);
    await stop(host);
    expect(host.requests()).toBe(1);
  });

  it('verifies JWTs with settings configured while it runs, without waiting for the cache to let go', async () => {
    const projectId = await projectWithJwt('configured-later', null);
    const asUser = async () => call('configured-later', await sign(signers['hs256']!.valid, { sub: 'user-8' }));
    expect((await asUser()).status).toBe(403);
    await platform.projects.configureJwt(projectId, { type: 'hs256', secret: hsSecret }, CLI);
    // The change reaches the authenticator through the store's feed; the clock never expires the cache.
    let answer = await asUser();
    for (let attempt = 0; attempt < 100 && answer.status === 403; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await asUser();
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ keyKind: 'client', userId: 'user-8' });
  });
  describe('issuer, audience and lifetime (ADR 0310)', () => {
    const ISSUER = 'https://id.example.com/';
    const HOUR = 3_600;
    const valid = () => signers['hs256']!.valid;
    const expectRefused = (response: { status: number; body: unknown }, code: string) => {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: true, code, message: expect.any(String) });
    };

    beforeAll(async () => {
      await projectWithJwt('scoped', {
        type: 'hs256',
        secret: hsSecret,
        issuer: ISSUER,
        audience: ['shop-app', 'shop-admin'],
      });
      await projectWithJwt('short-lived', { type: 'hs256', secret: hsSecret, maxLifetimeSeconds: 600 });
    });

    it('accepts a token of the configured issuer for one of the configured audiences', async () => {
      for (const aud of ['shop-app', ['other-app', 'shop-admin']]) {
        const response = await call('scoped', await sign(valid(), { iss: ISSUER, aud }));
        expect(response.status).toBe(200);
      }
    });

    it('refuses a token for another audience, or none, when audiences are configured', async () => {
      for (const aud of ['other-app', ['other-app'], undefined]) {
        const token = await sign(valid(), { iss: ISSUER, ...(aud === undefined ? {} : { aud }) });
        expectRefused(await call('scoped', token), 'jwt_audience_not_accepted');
      }
    });

    it('refuses a token of another issuer, or none, when the issuer is configured', async () => {
      for (const iss of ['https://id.other.example/', undefined]) {
        const token = await sign(valid(), { aud: 'shop-app', ...(iss === undefined ? {} : { iss }) });
        expectRefused(await call('scoped', token), 'jwt_issuer_not_accepted');
      }
    });

    it('shows the rules in force on the project resource', async () => {
      const response = await fetchJson(`${server.baseUrl}/unstable/projects/current`, {
        headers: {
          'x-api-key': clientKeys['scoped']!,
          authorization: `Bearer ${await sign(valid(), { iss: ISSUER, aud: 'shop-app' })}`,
        },
      });
      expect(response.body).toMatchObject({
        jwtVerification: 'hs256',
        jwtRules: { issuer: ISSUER, audience: ['shop-app', 'shop-admin'], maxLifetimeSeconds: 86_400 },
      });
    });

    it('checks neither issuer nor audience on a project that configures none', async () => {
      const response = await call('hs256', await sign(valid(), { iss: 'https://anyone/', aud: 'any-app' }));
      expect(response.status).toBe(200);
    });

    it('refuses a token that lives longer than the maximum: 24 h by default, or the project’s', async () => {
      expect((await call('hs256', await sign(valid(), { exp: now() + 23 * HOUR }))).status).toBe(200);
      expectRefused(await call('hs256', await sign(valid(), { exp: now() + 25 * HOUR })), 'jwt_lifetime_too_long');
      // Without iat the token lives, for all the server knows, from now until exp.
      expectRefused(
        await call('hs256', await sign(valid(), { iat: null, exp: now() + 25 * HOUR })),
        'jwt_lifetime_too_long',
      );
      // Issued long ago and still valid for an hour: 30 h in all.
      expectRefused(
        await call('hs256', await sign(valid(), { iat: now() - 29 * HOUR, exp: now() + HOUR })),
        'jwt_lifetime_too_long',
      );
      expect((await call('short-lived', await sign(valid(), { exp: now() + 300 }))).status).toBe(200);
      expectRefused(await call('short-lived', await sign(valid(), { exp: now() + 900 })), 'jwt_lifetime_too_long');
    });

    it('allows 60 s of clock skew on exp, nbf and iat, and no more', async () => {
      const at = now();
      for (const claims of [{ exp: at - 30 }, { nbf: at + 30 }, { iat: at + 30 }]) {
        expect((await call('hs256', await sign(valid(), claims))).status).toBe(200);
      }
      expectRefused(await call('hs256', await sign(valid(), { exp: at - 90 })), 'expired_jwt');
      expectRefused(await call('hs256', await sign(valid(), { nbf: at + 90 })), 'invalid_jwt');
      expectRefused(await call('hs256', await sign(valid(), { iat: at + 90 })), 'invalid_jwt');
    });
  });
});
