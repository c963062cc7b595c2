import { ALL_SCOPES, type Scope, isClientSideScope } from '@paykit/platform';
import type { DeclaredRoute } from '../../src/openapi/route-catalog.js';
import { type TestProject, type WalletServer, startWalletServer } from '../wallets/wallet-server.js';
import {
  type Answer,
  declaredRoutes,
  declaredScopesOf,
  describeAnswer,
  isHeldByEveryKey,
  NO_SUCH_ID,
  passedAuthentication,
  pathParamsOf,
  placeholderFor,
  routeKey,
  send,
  urlOf,
} from './support/route-table.js';
import {
  NAMING_EXCEPTIONS,
  ORDER_CLIENT_SECRET_ROUTES,
  REVIEWED_PUBLIC_ROUTES,
  SERVER_ONLY_SCOPES,
  SPEC_SCOPES,
  type SpecRow,
  namingProblem,
} from './support/scope-rules.js';

const CLI = { actor: { type: 'cli' as const, id: 'route-scope-table' } };
/** Path values of the right shape that name nothing: requests get past routing to the guard. */
const placeholders = (route: DeclaredRoute): Record<string, string> =>
  Object.fromEntries(pathParamsOf(route).map((name) => [name, placeholderFor(name)]));

/**
 * One table over every route the app declares (its route catalogue, the same one the OpenAPI
 * document is built from): each is public or names its scope, a key without that scope is
 * refused with a 401 naming it, a key with only that scope gets through, and a client key never
 * reaches a server-only route. Requests carry placeholder ids and empty bodies: authentication
 * runs before validation, so whatever the handler answers after it is fine.
 */
describe('every route’s scope, from the route catalogue', () => {
  let api: WalletServer;
  let project: TestProject;
  let routes: readonly DeclaredRoute[];
  let userJwt: string;
  const keys = new Map<string, Promise<string>>();

  beforeAll(async () => {
    api = await startWalletServer({
      env: { AGENT_CHECKOUT_RUNNER: 'off', AGENT_CHECKOUT_BROWSER: 'off', WEBHOOK_DELIVERY: 'off' },
    });
    project = await api.project('Scope table');
    routes = declaredRoutes(api.server);
    userJwt = await api.userJwt('scope-table-user');
  });
  afterAll(() => api.close());

  /** A key of the project holding exactly `scopes` (one per distinct grant, issued once). */
  const keyWith = (kind: 'server' | 'client', scopes: readonly Scope[]): Promise<string> => {
    const id = `${kind}:${[...scopes].sort().join(',')}`;
    let key = keys.get(id);
    if (!key) {
      key = api.platform.apiKeys
        .issue({ projectId: project.projectId, kind, scopes: [...scopes] }, CLI)
        .then((issued) => issued.key);
      keys.set(id, key);
    }
    return key;
  };
  const allBut = (excluded: readonly Scope[]) => ALL_SCOPES.filter((scope) => !excluded.includes(scope));
  const call = (route: DeclaredRoute, headers: Record<string, string> = {}, body: unknown = {}): Promise<Answer> =>
    send(urlOf(api.server.rootUrl, route, placeholders(route)), {
      method: route.contract.method,
      headers,
      ...(['POST', 'PUT', 'PATCH'].includes(route.contract.method) ? { body } : {}),
    });
  const scoped = () => routes.filter((route) => route.contract.public !== true);
  /** Routes whose scope some key can lack (every key holds projects.read). */
  const withScopeToLack = () => scoped().filter((route) => !declaredScopesOf(route).some(isHeldByEveryKey));

  it('finds the routes: the catalogue lists every route the server serves', () => {
    expect(routes.length).toBeGreaterThan(50);
    const declared = new Set(routes.map((route) => `${route.contract.method} ${route.servedPath}`));
    // The console's pages take operator sessions, not API keys (ADR 0820; console-sessions.e2e checks them).
    const undeclared = api.server.routes
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/console'))
      .filter((route) => !declared.has(`${route.method} ${route.url}`))
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('declares every route either public or with a scope, never neither nor both', () => {
    const undeclared = routes
      .filter((route) => (route.contract.public === true) === declaredScopesOf(route).length > 0)
      .map(routeKey);
    expect(undeclared).toEqual([]);
  });

  it('names each route’s scope after its resource and its method (the scope catalogue’s naming rule)', () => {
    const misnamed = scoped()
      .filter((route) => NAMING_EXCEPTIONS[routeKey(route)] === undefined)
      .flatMap((route) => declaredScopesOf(route).map((scope) => namingProblem(route, scope)))
      .filter((problem) => problem !== null);
    expect(misnamed).toEqual([]);
  });

  it('keeps public routes to the reviewed list, each answering without a key', async () => {
    const publicRoutes = routes.filter((route) => route.contract.public === true);
    expect(publicRoutes.map(routeKey).sort()).toEqual([...REVIEWED_PUBLIC_ROUTES].sort());
    const refused: string[] = [];
    for (const route of publicRoutes) {
      const answer = await call(route);
      if (!passedAuthentication(answer)) refused.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(refused).toEqual([]);
  });

  it('answers 401 missing_api_key on every scoped route called without a key', async () => {
    const wrong: string[] = [];
    for (const route of scoped()) {
      const answer = await call(route);
      if (answer.status !== 401 || answer.body?.code !== 'missing_api_key')
        wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 naming the scope to a key that holds every scope but the route’s', async () => {
    const wrong: string[] = [];
    for (const route of withScopeToLack()) {
      const required = declaredScopesOf(route);
      const answer = await call(route, { 'x-api-key': await keyWith('server', allBut(required)) });
      const names = required.every((scope) => String(answer.body?.message).includes(scope));
      const exact = JSON.stringify(answer.body?.parameters?.requiredScopes) === JSON.stringify(required);
      if (answer.status !== 401 || answer.body?.code !== 'missing_scope' || !names || !exact) {
        wrong.push(`${routeKey(route)} (needs ${required.join(' | ')}): ${describeAnswer(answer)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('takes an order’s client secret in place of the scope only on the order routes that say so', async () => {
    const accepting = routes.filter((route) => route.contract.orderClientSecret === true).map(routeKey);
    expect(accepting.sort()).toEqual([...ORDER_CLIENT_SECRET_ROUTES].sort());
    const wrong: string[] = [];
    for (const route of withScopeToLack().filter((candidate) => candidate.contract.orderClientSecret !== true)) {
      const key = await keyWith('server', allBut(declaredScopesOf(route)));
      const answer = await call(route, { 'x-api-key': key, authorization: `${NO_SUCH_ID}_secret_${'x'.repeat(32)}` });
      if (answer.status !== 401 || answer.body?.code !== 'missing_scope')
        wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a key through that holds only the route’s scope (each one, where several are accepted)', async () => {
    const refused: string[] = [];
    for (const route of withScopeToLack()) {
      for (const scope of declaredScopesOf(route)) {
        const answer = await call(route, { 'x-api-key': await keyWith('server', [scope]) });
        if (!passedAuthentication(answer))
          refused.push(`${routeKey(route)} with only ${scope}: ${describeAnswer(answer)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('lets any valid key read its own project (projects.read is held by every key), and no caller without one', async () => {
    const open = scoped().filter((route) => declaredScopesOf(route).some(isHeldByEveryKey));
    expect(open.map(routeKey)).toContain('GET /unstable/projects/current');
    const wrong: string[] = [];
    for (const route of open) {
      const answer = await call(route, { 'x-api-key': await keyWith('server', []) });
      if (!passedAuthentication(answer)) wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 server_key_required to a client key (with a valid user JWT) on every server-only route', async () => {
    expect(SERVER_ONLY_SCOPES.filter(isClientSideScope)).toEqual([]);
    const clientKey = await keyWith('client', ALL_SCOPES.filter(isClientSideScope));
    const wrong: string[] = [];
    const serverOnly = scoped().filter((route) => !declaredScopesOf(route).some(isClientSideScope));
    expect(serverOnly.length).toBeGreaterThan(10);
    for (const route of serverOnly) {
      const answer = await call(route, { 'x-api-key': clientKey, authorization: `Bearer ${userJwt}` });
      if (answer.status !== 403 || answer.body?.code !== 'server_key_required')
        wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a client key with a user JWT through on client-side routes, holding only the route’s scope', async () => {
    const refused: string[] = [];
    const clientSide = withScopeToLack().filter((route) => declaredScopesOf(route).some(isClientSideScope));
    expect(clientSide.length).toBeGreaterThan(10);
    for (const route of clientSide) {
      for (const scope of declaredScopesOf(route).filter(isClientSideScope)) {
        const answer = await call(route, {
          'x-api-key': await keyWith('client', [scope]),
          authorization: `Bearer ${userJwt}`,
        });
        if (!passedAuthentication(answer))
          refused.push(`${routeKey(route)} with only ${scope}: ${describeAnswer(answer)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  describe('the spec’s scope table', () => {
    // A rest parameter: jest would take a fourth parameter for its done callback.
    it.each(SPEC_SCOPES)('%s (%s) needs %s', async (...[, key, scope, body]: SpecRow) => {
      const route = routes.find((candidate) => routeKey(candidate) === key);
      expect(route).toBeDefined();
      if (!route) return;
      expect(declaredScopesOf(route)).toContain(scope);
      const without = await call(route, { 'x-api-key': await keyWith('server', allBut([scope])) }, body);
      expect(without.status).toBe(401);
      expect(without.body).toMatchObject({
        error: true,
        code: 'missing_scope',
        message: `This API key lacks the required scope ${scope}`,
        parameters: { requiredScopes: [scope] },
      });
      const only = await call(route, { 'x-api-key': await keyWith('server', [scope]) }, body);
      expect(passedAuthentication(only)).toBe(true);
    });
  });
});
