import type { Platform } from '@paykit/platform';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { FaultyStore } from '../agent-checkouts/support/faulty-store.js';
import { type TestServer, startServer } from '../support/start-server.js';
import { ConsoleClient, csrfOf } from './console-client.js';

const CLI = { actor: { type: 'cli' as const, id: 'console-tests' } };
const PASSWORD = 'a long test password';

/** Sessions, CSRF, throttling and roles of the console over real HTTP, on the embedded sqlite store. */
describe('console sessions and roles', () => {
  let server: TestServer;
  let platform: Platform;
  let projectId: string;
  let otherProjectId: string;

  const operator = async (email: string, role: 'admin' | 'developer' | 'support', projectIds = [projectId]) => {
    await platform.operators.create({ email, role, projectIds, password: PASSWORD }, CLI);
    return email;
  };
  const signedIn = async (email: string): Promise<ConsoleClient> => {
    const client = new ConsoleClient(server.rootUrl);
    expect((await client.login(email, PASSWORD)).status).toBe(303);
    return client;
  };
  const keyCount = async () => (await platform.apiKeys.list(projectId)).length;
  const developers = () => `/console/projects/${projectId}/developers`;

  beforeAll(async () => {
    server = await startServer();
    platform = server.app.get<Platform>(PLATFORM);
    projectId = (await platform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI)).project.projectId;
    otherProjectId = (await platform.provisionProject({ name: 'Other', environment: 'staging' }, CLI)).project
      .projectId;
    await operator('admin@example.com', 'admin');
    await operator('dev@example.com', 'developer');
    await operator('support@example.com', 'support');
  });
  afterAll(() => server?.close());

  it('logs in with an HttpOnly, SameSite=Strict session cookie (not Secure in staging) and lands on the project home', async () => {
    const client = new ConsoleClient(server.rootUrl);
    const login = await client.login('admin@example.com', PASSWORD);
    expect(login).toMatchObject({ status: 303, location: '/console' });
    const cookie = login.setCookie.find((c) => c.startsWith('paykit_console='))!;
    expect(cookie).toMatch(/; Path=\/console; HttpOnly; SameSite=Strict; Expires=/);
    expect(cookie).not.toMatch(/Secure/);
    const root = await client.get('/console');
    expect(root).toMatchObject({ status: 303, location: `/console/projects/${projectId}` });
    const home = await client.get(root.location!);
    expect(home.status).toBe(200);
    expect(home.html).toContain('Test mode');
    expect(home.html).toContain('Runs awaiting input');
  });

  it('sends a visitor without a session to the login page, and refuses a wrong password 401', async () => {
    const visitor = new ConsoleClient(server.rootUrl);
    expect(await visitor.get(`/console/projects/${projectId}/orders`)).toMatchObject({
      status: 303,
      location: '/console/login',
    });
    const wrong = await visitor.login('dev@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('Wrong email or password');
    expect(visitor.hasSession()).toBe(false);
  });

  it('refuses a login post without the login form’s token (login CSRF)', async () => {
    const response = await fetch(`${server.rootUrl}/console/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'admin@example.com', password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(403);
  });

  it('refuses a write without the session’s CSRF token 403 and changes nothing; with it, the key is made and audited', async () => {
    const client = await signedIn('dev@example.com');
    const before = await keyCount();
    expect((await client.post(`${developers()}/keys`, { kind: 'server' })).status).toBe(403);
    expect((await client.post(`${developers()}/keys`, { kind: 'server', _csrf: 'forged' })).status).toBe(403);
    expect(await keyCount()).toBe(before);

    const page = await client.get(developers());
    const created = await client.post(`${developers()}/keys`, {
      _csrf: csrfOf(page.html),
      kind: 'server',
      scopes: ['orders.read', 'webhooks.read'],
    });
    expect(created.status).toBe(200);
    const key = /class="secret">(sk_staging_\w+)</.exec(created.html)?.[1];
    expect(key).toBeDefined();
    const authenticated = await platform.apiKeys.authenticate(key!);
    expect(authenticated).toMatchObject({
      outcome: 'authenticated',
      apiKey: { scopes: ['orders.read', 'webhooks.read'] },
    });
    expect(await keyCount()).toBe(before + 1);

    const audit = await client.get(`/console/projects/${projectId}/audit`);
    expect(audit.html).toMatch(/dev@example\.com<\/td><td>api_key\.create<\/td><td>sk_staging_/);
  });

  it('lets support read every page but answers each write 403, changing nothing', async () => {
    const client = await signedIn('support@example.com');
    for (const page of ['', '/orders', '/runs', '/webhooks', '/developers', '/reconciliation', '/audit'])
      expect([page, (await client.get(`/console/projects/${projectId}${page}`)).status]).toEqual([page, 200]);
    const csrf = csrfOf((await client.get(developers())).html);
    const before = await keyCount();
    const refused = await client.post(`${developers()}/keys`, { _csrf: csrf, kind: 'server' });
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('A support operator can read but not change anything');
    expect(await keyCount()).toBe(before);
    expect((await client.get(`/console/projects/${projectId}/operators`)).status).toBe(403);
  });

  it('lets only an admin add operators, on its own project, with a one-time password that logs in', async () => {
    const developer = await signedIn('dev@example.com');
    const devCsrf = csrfOf((await developer.get(developers())).html);
    const path = `/console/projects/${projectId}/operators`;
    expect((await developer.post(path, { _csrf: devCsrf, email: 'x@example.com', role: 'support' })).status).toBe(403);

    const admin = await signedIn('admin@example.com');
    const csrf = csrfOf((await admin.get(path)).html);
    const created = await admin.post(path, { _csrf: csrf, email: 'new@example.com', role: 'support' });
    expect(created.status).toBe(200);
    const password = /class="secret">([\w-]+)</.exec(created.html)![1]!;
    const newcomer = new ConsoleClient(server.rootUrl);
    expect((await newcomer.login('new@example.com', password)).status).toBe(303);
    const duplicate = await admin.post(path, { _csrf: csrf, email: 'new@example.com', role: 'admin' });
    expect(duplicate.status).toBe(409);
  });

  it('answers 404 for a project the operator is not on', async () => {
    const client = await signedIn('admin@example.com');
    expect((await client.get(`/console/projects/${otherProjectId}/orders`)).status).toBe(404);
  });

  it('ends the session on logout: the old cookie no longer opens a page', async () => {
    const client = await signedIn('admin@example.com');
    const home = await client.get(`/console/projects/${projectId}`);
    expect(await client.post('/console/logout', { _csrf: csrfOf(home.html) })).toMatchObject({
      status: 303,
      location: '/console/login',
    });
    expect((await client.get(`/console/projects/${projectId}`)).status).toBe(303);
  });

  it('checks at most five of a burst of concurrent wrong passwords on one account: the attempt is claimed first', async () => {
    const own = await startServer();
    try {
      const ownPlatform = own.app.get<Platform>(PLATFORM);
      const shop = (await ownPlatform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI)).project;
      await ownPlatform.operators.create(
        { email: 'burst@example.com', role: 'developer', projectIds: [shop.projectId], password: PASSWORD },
        CLI,
      );
      const statuses = await Promise.all(
        Array.from({ length: 12 }, () => new ConsoleClient(own.rootUrl).login('burst@example.com', 'wrong password')),
      ).then((answers) => answers.map((answer) => answer.status));
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
      expect((await new ConsoleClient(own.rootUrl).login('burst@example.com', PASSWORD)).status).toBe(429);
    } finally {
      await own.close();
    }
  });

  it('answers a login whose check could not be claimed 409 (concurrent logins won every retry) and a store that is down 503, never 401', async () => {
    const store = new FaultyStore();
    const own = await startServer({ eventStore: store });
    try {
      const ownPlatform = own.app.get<Platform>(PLATFORM);
      const shop = (await ownPlatform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI)).project;
      const { operator: raced } = await ownPlatform.operators.create(
        { email: 'raced@example.com', role: 'developer', projectIds: [shop.projectId], password: PASSWORD },
        CLI,
      );
      const client = new ConsoleClient(own.rootUrl);
      store.failAppendsTo(`operator-${raced.operatorId}`, 'conflict');
      const conflict = await client.login('raced@example.com', PASSWORD);
      expect(conflict.status).toBe(409);
      expect(conflict.html).toContain('Other logins to this account were being checked at the same moment');
      expect(conflict.html).not.toContain(raced.operatorId);
      store.failAppendsTo(`operator-${raced.operatorId}`, 'unavailable');
      const down = await client.login('raced@example.com', PASSWORD);
      expect(down.status).toBe(503);
      expect(down.html).toContain('Logins cannot be checked right now');
      expect(client.hasSession()).toBe(false);
      store.heal();
      // Neither counted as a wrong password: the account and the address are not locked.
      expect((await client.login('raced@example.com', PASSWORD)).status).toBe(303);
    } finally {
      await own.close();
    }
  });

  it('locks an account after five wrong passwords (429, the right one too), and an address after twenty failures', async () => {
    // A server of its own: the address throttle lives in the instance, so the other tests (in any order) neither count nor get blocked.
    const own = await startServer();
    try {
      const ownPlatform = own.app.get<Platform>(PLATFORM);
      const shop = (await ownPlatform.provisionProject({ name: 'Shop', environment: 'staging' }, CLI)).project;
      for (const email of ['locked@example.com', 'other@example.com'])
        await ownPlatform.operators.create(
          { email, role: 'developer', projectIds: [shop.projectId], password: PASSWORD },
          CLI,
        );
      const client = new ConsoleClient(own.rootUrl);
      for (let i = 0; i < 5; i++) expect((await client.login('locked@example.com', 'wrong password')).status).toBe(401);
      const locked = await client.login('locked@example.com', PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.html).toContain('Too many failed logins');
      // Wrong passwords so far from this address: 5 (the locked account's refusal is none); unknown accounts count too.
      for (let i = 0; i < 14; i++) await client.login(`nobody${i}@example.com`, 'wrong password');
      expect((await new ConsoleClient(own.rootUrl).login('other@example.com', PASSWORD)).status).toBe(303);
      await client.login('nobody@example.com', 'the twentieth wrong password');
      const blocked = await client.login('other@example.com', PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.html).toContain('from this address');
    } finally {
      await own.close();
    }
  });
});
