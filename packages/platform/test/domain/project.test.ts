import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  type JwtRulesChange,
  type ProjectEvent,
  findKeyByPrefix,
  projectDecider,
} from '../../src/domain/project/project.js';
import type { JwtVerification } from '../../src/domain/project/jwt-verification.js';

const spec = DeciderSpecification.for(projectDecider);
const at = '2026-01-01T00:00:00.000Z';
const created: ProjectEvent = {
  type: 'ProjectCreated',
  data: { projectId: 'p-1', name: 'Shop', environment: 'staging', createdAt: at },
};
const create = { projectId: 'p-1', name: '  Shop ', environment: 'staging' as const, jwt: null, createdAt: at };
const PEM = '-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----\n';
const register = {
  keyId: 'k-1',
  keyHash: 'b'.repeat(64),
  displayPrefix: 'sk_staging_AbCd1234',
  kind: 'server' as const,
  environment: 'staging' as const,
  registeredAt: at,
};
const registered: ProjectEvent = {
  type: 'ProjectApiKeyRegistered',
  data: {
    projectId: 'p-1',
    keyId: 'k-1',
    keyHash: 'b'.repeat(64),
    displayPrefix: 'sk_staging_AbCd1234',
    kind: 'server',
    registeredAt: at,
  },
};

describe('Project', () => {
  describe('create', () => {
    it('creates a project with a trimmed name and its environment', () => {
      spec.given([]).when({ type: 'CreateProject', data: create }).then([created]);
    });
    it('records the JWT configuration given at creation', () => {
      const jwt: JwtVerification = { type: 'jwks', url: 'https://auth.example.com/.well-known/jwks.json' };
      spec
        .given([])
        .when({ type: 'CreateProject', data: { ...create, jwt } })
        .then([created, { type: 'ProjectJwtConfigured', data: { projectId: 'p-1', jwt, configuredAt: at } }]);
    });
    it('accepts a name of exactly 100 characters', () => {
      spec
        .given([])
        .when({ type: 'CreateProject', data: { ...create, name: 'x'.repeat(100) } })
        .then([{ ...created, data: { ...created.data, name: 'x'.repeat(100) } }]);
    });
    it('refuses an empty or overlong name', () => {
      spec
        .given([])
        .when({ type: 'CreateProject', data: { ...create, name: '   ' } })
        .thenFails({ code: 'invalid_project_name' });
      spec
        .given([])
        .when({ type: 'CreateProject', data: { ...create, name: 'x'.repeat(101) } })
        .thenFails({ code: 'invalid_project_name' });
    });
    it('refuses an unknown environment', () => {
      spec
        .given([])
        .when({ type: 'CreateProject', data: { ...create, environment: 'dev' as 'staging' } })
        .thenFails({ code: 'invalid_environment' });
    });
    it('refuses to create a project twice', () => {
      spec
        .given([created])
        .when({ type: 'CreateProject', data: create })
        .thenFails({ kind: 'conflict', code: 'project_exists' });
    });
  });

  describe('configure JWT verification', () => {
    const configure = (jwt: JwtVerification | null) => ({
      type: 'ConfigureProjectJwt' as const,
      data: { jwt, configuredAt: at },
    });

    it.each<JwtVerification>([
      { type: 'hs256', sealedSecret: 'v1.iv.tag.ciphertext' },
      { type: 'public-key', algorithm: 'ES256', publicKeyPem: PEM },
      { type: 'jwks', url: 'http://127.0.0.1:4000/jwks.json' },
    ])('accepts %j', (jwt) => {
      spec
        .given([created])
        .when(configure(jwt))
        .then([{ type: 'ProjectJwtConfigured', data: { projectId: 'p-1', jwt, configuredAt: at } }]);
    });
    it.each<JwtVerification>([
      { type: 'hs256', sealedSecret: '' },
      { type: 'public-key', algorithm: 'HS512' as 'RS256', publicKeyPem: PEM },
      { type: 'public-key', algorithm: 'RS256', publicKeyPem: 'not a pem' },
      { type: 'jwks', url: 'ftp://auth.example.com/jwks' },
      { type: 'jwks', url: 'https://user:pass@auth.example.com/jwks' },
      { type: 'jwks', url: 'https://user@auth.example.com/jwks' },
      { type: 'jwks', url: 'https://:pass@auth.example.com/jwks' },
      { type: 'jwks', url: 'not a url' },
    ])('refuses %j', (jwt) => {
      spec.given([created]).when(configure(jwt)).thenFails({ code: 'invalid_jwt_configuration' });
    });
    it('removes a configuration, and removing none changes nothing', () => {
      const jwt: JwtVerification = { type: 'jwks', url: 'https://auth.example.com/jwks' };
      const configured: ProjectEvent = {
        type: 'ProjectJwtConfigured',
        data: { projectId: 'p-1', jwt, configuredAt: at },
      };
      spec
        .given([created, configured])
        .when(configure(null))
        .then([{ type: 'ProjectJwtConfigured', data: { projectId: 'p-1', jwt: null, configuredAt: at } }]);
      spec.given([created]).when(configure(null)).thenNothingHappened();
    });
    it('needs a project', () => {
      spec.given([]).when(configure(null)).thenFails({ kind: 'not_found', code: 'project_not_found' });
    });
  });

  describe('JWT rules: issuer, audience, lifetime (ADR 0310)', () => {
    const jwks: JwtVerification = { type: 'jwks', url: 'https://auth.example.com/jwks' };
    const configuredWith = (jwt: JwtVerification): ProjectEvent => ({
      type: 'ProjectJwtConfigured',
      data: { projectId: 'p-1', jwt, configuredAt: at },
    });
    const change = (rules: JwtRulesChange) => ({
      type: 'ConfigureProjectJwtRules' as const,
      data: { rules, configuredAt: at },
    });

    it('records the rules given with the key', () => {
      const jwt: JwtVerification = {
        ...jwks,
        issuer: 'https://auth.example.com/',
        audience: ['app'],
        maxLifetimeSeconds: 60,
      };
      spec
        .given([created])
        .when({ type: 'ConfigureProjectJwt', data: { jwt, configuredAt: at } })
        .then([configuredWith(jwt)]);
    });
    it.each<Partial<JwtVerification>>([
      { issuer: '' },
      { issuer: 'x'.repeat(501) },
      { issuer: 'tab\there' },
      { audience: [] },
      { audience: Array.from({ length: 11 }, (_, index) => `app-${index}`) },
      { audience: ['ok', ''] },
      { maxLifetimeSeconds: 59 },
      { maxLifetimeSeconds: 2_592_001 },
      { maxLifetimeSeconds: 600.5 },
    ])('refuses the rule %j', (rule) => {
      spec
        .given([created])
        .when({ type: 'ConfigureProjectJwt', data: { jwt: { ...jwks, ...rule } as JwtVerification, configuredAt: at } })
        .thenFails({ code: 'invalid_jwt_configuration' });
    });
    it('changes the rules given, clears those given as null and keeps the rest and the key', () => {
      const before: JwtVerification = { ...jwks, issuer: 'https://a/', audience: ['app'] };
      spec
        .given([created, configuredWith(before)])
        .when(change({ issuer: null, maxLifetimeSeconds: 600 }))
        .then([configuredWith({ ...jwks, audience: ['app'], maxLifetimeSeconds: 600 })]);
    });
    it('changes nothing when the rules are already so', () => {
      spec
        .given([created, configuredWith({ ...jwks, issuer: 'https://a/' })])
        .when(change({ issuer: 'https://a/', audience: null }))
        .thenNothingHappened();
    });
    it('refuses rules for a project whose JWTs are not verified, or invalid ones', () => {
      spec
        .given([created])
        .when(change({ issuer: 'https://a/' }))
        .thenFails({ code: 'invalid_jwt_configuration' });
      spec
        .given([created, configuredWith(jwks)])
        .when(change({ maxLifetimeSeconds: 1 }))
        .thenFails({ code: 'invalid_jwt_configuration' });
      spec.given([]).when(change({})).thenFails({ code: 'project_not_found' });
    });
  });

  describe('register an API key in the index', () => {
    it('indexes the key', () => {
      spec.given([created]).when({ type: 'RegisterApiKey', data: register }).then([registered]);
    });
    it('refuses a key of the other environment', () => {
      spec
        .given([created])
        .when({
          type: 'RegisterApiKey',
          data: { ...register, environment: 'production', displayPrefix: 'sk_production_AbCd1234' },
        })
        .thenFails({ code: 'environment_mismatch' });
    });
    it('refuses a display prefix already taken in the project', () => {
      spec
        .given([created, registered])
        .when({ type: 'RegisterApiKey', data: { ...register, keyId: 'k-2', keyHash: 'c'.repeat(64) } })
        .thenFails({ kind: 'conflict', code: 'api_key_prefix_taken' });
    });
    it('refuses the same key twice', () => {
      spec
        .given([created, registered])
        .when({ type: 'RegisterApiKey', data: { ...register, displayPrefix: 'sk_staging_Zzzz9999' } })
        .thenFails({ code: 'api_key_exists' });
    });
    it.each([
      ['the same id with another hash', { keyHash: 'c'.repeat(64) }],
      ['the same hash under another id', { keyId: 'k-2' }],
    ])('refuses a key already indexed: %s', (_case, change) => {
      spec
        .given([created, registered])
        .when({ type: 'RegisterApiKey', data: { ...register, displayPrefix: 'sk_staging_Zzzz9999', ...change } })
        .thenFails({ kind: 'conflict', code: 'api_key_exists' });
    });
    it('needs a project', () => {
      spec.given([]).when({ type: 'RegisterApiKey', data: register }).thenFails({ code: 'project_not_found' });
    });
    it('finds an indexed key by its display prefix', () => {
      const state = [created, registered].reduce(projectDecider.evolve, projectDecider.initialState());
      if (state.status !== 'active') throw new Error('expected a project');
      expect(findKeyByPrefix(state, 'sk_staging_AbCd1234')?.keyId).toBe('k-1');
      expect(findKeyByPrefix(state, 'sk_staging_AbCd123')).toBeUndefined();
    });
  });
});
