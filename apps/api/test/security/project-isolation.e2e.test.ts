import { isClientSideScope } from '@paykit/platform';
import type { DeclaredRoute } from '../../src/openapi/route-catalog.js';
import { type TestProject, type WalletServer, startWalletServer } from '../wallets/wallet-server.js';
import { WebhookReceiver } from '../webhooks/support/webhook-receiver.js';
import { ISOLATION_CASES, type Probe, bodyReferences, ownReads } from './support/isolation-cases.js';
import {
  DETAILS,
  type ProjectResources,
  SERVICE_USER,
  USER_LOCATOR,
  callerOf,
  idsOf,
  makeProjectResources,
} from './support/project-resources.js';
import {
  type Answer,
  declaredRoutes,
  declaredScopesOf,
  describeAnswer,
  pathParamsOf,
  placeholderFor,
  routeKey,
  send,
  urlOf,
} from './support/route-table.js';

/**
 * Project isolation over HTTP, as a table over the route catalogue: project A makes one resource
 * of every kind; project B, with keys holding every scope and acting for a user of the same name,
 * aims at each through every route that takes an id in its path. It gets the 404 a resource that
 * does not exist gets (body for body), and A reads everything back unchanged.
 */
describe('another project’s resources over HTTP', () => {
  let api: WalletServer;
  let receiver: WebhookReceiver;
  let a: TestProject;
  let b: TestProject;
  let ours: ProjectResources;
  let theirs: ProjectResources;
  let routes: readonly DeclaredRoute[];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    api = await startWalletServer({
      env: {
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_POLL_MS: 20,
        AGENT_CHECKOUT_RUNNER: 'off',
        AGENT_CHECKOUT_ALLOWED_HOSTS: '127.0.0.1',
        // Orders stay where the test leaves them.
        ORDER_WORKER_INTERVAL_MS: 86_400_000,
      },
    });
    a = await api.project('A');
    b = await api.project('B');
    ours = await makeProjectResources(api, a, receiver);
    theirs = await makeProjectResources(api, b, receiver, 'bob');
    routes = declaredRoutes(api.server);
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  const asB = { 'x-service-user-id': SERVICE_USER };
  const asBClient = async () => ({
    'x-api-key': b.clientKey,
    authorization: `Bearer ${await api.userJwt(SERVICE_USER)}`,
  });
  const withId = () => routes.filter((route) => route.contract.public !== true && pathParamsOf(route).length > 0);
  const request = (
    route: DeclaredRoute,
    probe: Probe,
    headers: Record<string, string>,
    params = probe.params,
  ): Promise<Answer> =>
    send(`${urlOf(api.server.rootUrl, route, params)}${probe.query ? `?${probe.query}` : ''}`, {
      method: route.contract.method,
      headers: { ...headers, ...probe.headers },
      ...(probe.body === undefined ? {} : { body: probe.body }),
    });
  /** The same request with each of A's ids in the path replaced by one that names nothing (B's own stay). */
  const aimedAtNothing = (probe: Probe): Record<string, string> => {
    const kept = new Set([...idsOf(theirs), probe.params['tokenLocator']]);
    return Object.fromEntries(
      Object.entries(probe.params).map(([name, value]) => [
        name,
        kept.has(value) ? value : placeholderFor(name, value),
      ]),
    );
  };

  /** Everything A reads of its resources (each read must succeed, or comparing them proves nothing). */
  const readOurs = async () => {
    const call = callerOf(api, a);
    const answers: Record<string, unknown> = {};
    for (const [method, path, body] of ownReads(ours)) {
      const answer = await call(method, path, body);
      expect([method, path, answer.status]).toEqual([method, path, 200]);
      answers[`${method} ${path}`] = answer.body;
    }
    return answers;
  };
  /** Yesterday to today (UTC): the day the resources were made, even just after midnight. */
  const range = () =>
    `from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`;

  /** Runs every probe of the table as `headers`; answers the table's failures, one line each. */
  const probeEveryRoute = async (headers: Record<string, string>, include: (route: DeclaredRoute) => boolean) => {
    const failures: string[] = [];
    for (const route of withId().filter(include)) {
      const row = ISOLATION_CASES[routeKey(route)];
      if (!row) continue;
      for (const probe of await row.probes(ours, theirs)) {
        const answer = await request(route, probe, headers);
        const label = `${routeKey(route)} ${JSON.stringify(probe.params)}${probe.headers ? ' with our client secret' : ''}`;
        if (row.expect === 'its-own') {
          try {
            row.check(answer);
          } catch (error) {
            failures.push(`${label}: ${(error as Error).message.split('\n')[0]} (${describeAnswer(answer)})`);
          }
          continue;
        }
        const nothing = await request(route, probe, headers, aimedAtNothing(probe));
        if (answer.status !== 404 || answer.body?.error !== true || typeof answer.body?.message !== 'string') {
          failures.push(`${label}: ${describeAnswer(answer)}`);
        } else if (JSON.stringify(answer.body) !== JSON.stringify(nothing.body)) {
          failures.push(`${label}: ${answer.text} differs from the answer for nothing: ${nothing.text}`);
        }
      }
    }
    return failures;
  };

  it('has a row for every route that takes an id in its path, and none for a route that is gone', () => {
    const keys = withId().map(routeKey);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys.filter((key) => ISOLATION_CASES[key] === undefined)).toEqual([]);
    expect(Object.keys(ISOLATION_CASES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers B’s server key 404 on every route aimed at A’s resources, and A’s are unchanged', async () => {
    const before = await readOurs();
    const failures = await probeEveryRoute({ 'x-api-key': b.serverKey, ...asB }, () => true);
    expect(failures).toEqual([]);
    expect(await readOurs()).toEqual(before);
    // B wrote its own user of the same name: ours keeps its details.
    const ourUser = await callerOf(api, a)('PUT', `/2025-06-09/users/${USER_LOCATOR}`, { kycData: DETAILS.kycData });
    expect(ourUser.body.userDetails).toMatchObject({ firstName: 'Ana', lastName: 'Lima' });
  });

  it('answers 404 to B’s client key with a JWT of a user of the same name, on every route a client key may use', async () => {
    const before = await readOurs();
    const clientSide = (route: DeclaredRoute) => declaredScopesOf(route).some(isClientSideScope);
    expect(withId().filter(clientSide).length).toBeGreaterThan(15);
    const failures = await probeEveryRoute(await asBClient(), clientSide);
    expect(failures).toEqual([]);
    expect(await readOurs()).toEqual(before);
  });

  it('never shows A’s ids in any of B’s lists', async () => {
    const lists = routes.filter(
      (route) => route.contract.method === 'GET' && route.contract.public !== true && pathParamsOf(route).length === 0,
    );
    expect(lists.length).toBeGreaterThan(8);
    const ids = idsOf(ours).map((id) => id.toLowerCase());
    const leaks: string[] = [];
    for (const route of lists) {
      const query = route.pathWithinApp.includes('/reports/') ? `?${range()}` : '';
      for (const [name, headers] of [
        ['server', { 'x-api-key': b.serverKey, ...asB }],
        ['client', await asBClient()],
      ] as const) {
        const answer = await send(`${urlOf(api.server.rootUrl, route, {})}${query}`, { method: 'GET', headers });
        if (name === 'server' && answer.status !== 200) leaks.push(`${routeKey(route)}: ${describeAnswer(answer)}`);
        const found = ids.filter((id) => answer.text.toLowerCase().includes(id));
        if (found.length > 0) leaks.push(`${routeKey(route)} (${name} key) shows ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('counts each project’s order in its own reconciliation report only', async () => {
    for (const project of [a, b]) {
      const report = await api.call(project.serverKey, 'GET', `/unstable/reports/reconciliation?${range()}`);
      expect(report.status).toBe(200);
      expect(report.body.totals).toEqual([expect.objectContaining({ currency: 'usd', orders: 1, quotedAmount: '20' })]);
    }
  });

  it('refuses B’s requests that name A’s resources in their body, as if they did not exist', async () => {
    const call = callerOf(api, b);
    const before = await readOurs();
    const answers = [];
    for (const [what, path, body, code] of bodyReferences(ours)) {
      const answer = await call('POST', path, body);
      answers.push({ what, status: answer.status, code: answer.body?.code, expected: code });
    }
    expect(answers).toEqual(answers.map(({ what, expected }) => ({ what, status: 400, code: expected, expected })));
    expect(await readOurs()).toEqual(before);
  });
});
