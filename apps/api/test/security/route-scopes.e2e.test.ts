import { ALL_SCOPES, type Scope, isClientSideScope } from '@paykit/platform';
import type { DeclaredRoute } from '../../src/openapi/route-catalog.js';
import { type TestProject, type WalletServer, startWalletServer } from '../wallets/wallet-server.js';
import {
  type Answer,
  declaredRoutes,
  declaredScopesOf,
  describeAnswer,
  isHeldByEveryKey,
  passedAuthentication,
  pathParamsOf,
  placeholderFor,
  routeKey,
  send,
  urlOf,
} from './support/route-table.js';

const CLI = { actor: { type: 'cli' as const, id: 'route-scope-table' } };
/** Path values of the right shape that name nothing: requests get past routing to the guard. */
const placeholders = (route: DeclaredRoute): Record<string, string> =>
  Object.fromEntries(pathParamsOf(route).map((name) => [name, placeholderFor(name)]));

/**
 * The routes reviewed as needing no key. A new public route fails here until someone decides it
 * should be one and adds it: a route open to anyone is a security decision, not a default.
 */
const REVIEWED_PUBLIC_ROUTES = [
  'GET /health',
  'GET /ready',
  'GET /metrics',
  'GET /openapi.json',
  'GET /docs',
  'GET /docs/assets/:file',
  // The sandbox issuer's verification page stand-in (staging only; the id is the secret).
  'POST /unstable/card-verifications/:verificationId',
];

/**
 * What browser and app code (client keys) must never reach, whatever the scope catalogue says:
 * identity data, the order book, paying on the server's behalf, payout accounts, reports, webhooks.
 */
const SERVER_ONLY_SCOPES: readonly Scope[] = [
  'users.create',
  'users.read',
  'orders.read',
  'orders.update',
  'payment-methods.create',
  'payment-methods.read',
  'payment-methods.delete',
  'reports.read',
  'webhooks.create',
  'webhooks.read',
  'webhooks.update',
  'webhooks.delete',
];

/**
 * The naming rule of the scope catalogue (`<resource>[.<sub-resource>][:<part>].<action>`, see
 * @paykit/platform SCOPES) as an oracle independent of what each route declares: the action
 * follows the HTTP method, and the resource names appear in the path. So a route declaring a
 * wrong scope (DELETE asking only for `.read`) fails here, while new routes need no edit.
 */
const ACTIONS_BY_METHOD: Readonly<Record<string, readonly string[]>> = {
  GET: ['read'],
  DELETE: ['delete'],
  PATCH: ['update'],
  PUT: ['create', 'update'],
  POST: ['create', 'update', 'sign', 'fund'],
};
/** Routes whose scope the spec (or the resource they serve) names otherwise, and why. */
const NAMING_EXCEPTIONS: Readonly<Record<string, string>> = {
  'POST /2025-06-09/documents': 'the spec: upload user document needs users.create',
  'POST /unstable/card-tokens': 'a card token exists only to pay an order (orders.create)',
};
const namingProblem = (route: DeclaredRoute, scope: Scope): string | null => {
  const action = scope.slice(scope.lastIndexOf('.') + 1);
  const resources = scope.slice(0, scope.lastIndexOf('.')).split(':')[0]!.split('.');
  const segments = route.pathWithinApp.split('/');
  if (!(ACTIONS_BY_METHOD[route.contract.method] ?? []).includes(action)) return `${scope}: a ${route.contract.method} route does not ${action}`;
  const missing = resources.filter((resource) => !segments.includes(resource));
  return missing.length === 0 ? null : `${scope}: the path names no ${missing.join(', ')}`;
};

/**
 * The spec's table of required scopes ("Authentication"), each on the route the spec names, with
 * a body the route would accept: the scope decides, whatever else the request holds.
 */
type SpecRow = [operation: string, key: string, scope: Scope, body?: unknown];
const SPEC_SCOPES: readonly SpecRow[] = [
  ['create wallet', 'POST /2025-06-09/wallets', 'wallets.create', { chainType: 'evm', type: 'mpc' }],
  ['get transfer transaction', 'GET /2025-06-09/wallets/:walletLocator/tokens/:tokenLocator/transfers/:transactionId', 'wallets:transactions.read'],
  ['upload user document', 'POST /2025-06-09/documents', 'users.create', {
    data: `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`,
    documentType: 'id-passport',
    reference: { userLocator: 'userId:scope-table' },
    expiresAt: '2035-01-01',
  }],
  ['list orders', 'GET /2022-06-09/orders', 'orders.read'],
  // Server keys need orders.update; orders.create is for a user's JWT under a client key.
  ['process payment (server-side key)', 'POST /2022-06-09/orders/:orderId/payment', 'orders.update', { type: 'crypto-tx-id', txId: `0x${'ab'.repeat(32)}` }],
  ['delete browser profile', 'DELETE /unstable/agent-checkouts/browser-profiles/:id', 'agent-checkouts.browser-profiles.delete'],
];

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
    api = await startWalletServer({ env: { AGENT_CHECKOUT_RUNNER: 'off', AGENT_CHECKOUT_BROWSER: 'off', WEBHOOK_DELIVERY: 'off' } });
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
      key = api.platform.apiKeys.issue({ projectId: project.projectId, kind, scopes: [...scopes] }, CLI).then((issued) => issued.key);
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
    const undeclared = api.server.routes
      .filter((route) => route.method !== 'HEAD' && !declared.has(`${route.method} ${route.url}`))
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
      .flatMap((route) => declaredScopesOf(route).map((scope) => namingProblem(route, scope)).filter((problem) => problem !== null).map((problem) => `${routeKey(route)}: ${problem}`));
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
      if (answer.status !== 401 || answer.body?.code !== 'missing_api_key') wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
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

  it('lets a key through that holds only the route’s scope (each one, where several are accepted)', async () => {
    const refused: string[] = [];
    for (const route of withScopeToLack()) {
      for (const scope of declaredScopesOf(route)) {
        const answer = await call(route, { 'x-api-key': await keyWith('server', [scope]) });
        if (!passedAuthentication(answer)) refused.push(`${routeKey(route)} with only ${scope}: ${describeAnswer(answer)}`);
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
      if (answer.status !== 403 || answer.body?.code !== 'server_key_required') wrong.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a client key with a user JWT through on client-side routes, holding only the route’s scope', async () => {
    const refused: string[] = [];
    const clientSide = withScopeToLack().filter((route) => declaredScopesOf(route).some(isClientSideScope));
    expect(clientSide.length).toBeGreaterThan(10);
    for (const route of clientSide) {
      for (const scope of declaredScopesOf(route).filter(isClientSideScope)) {
        const answer = await call(route, { 'x-api-key': await keyWith('client', [scope]), authorization: `Bearer ${userJwt}` });
        if (!passedAuthentication(answer)) refused.push(`${routeKey(route)} with only ${scope}: ${describeAnswer(answer)}`);
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
      expect(without.body).toMatchObject({ error: true, code: 'missing_scope', message: `This API key lacks the required scope ${scope}`, parameters: { requiredScopes: [scope] } });
      const only = await call(route, { 'x-api-key': await keyWith('server', [scope]) }, body);
      expect(passedAuthentication(only)).toBe(true);
    });
  });
});
