import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { asProject } from './support/test-principal.guard.js';
import { TestRoutesModule } from './support/test-routes.module.js';

describe('rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      imports: [TestRoutesModule],
      env: { RATE_LIMIT_WRITES_PER_MIN: 2, RATE_LIMIT_READS_PER_MIN: 3, RATE_LIMIT_KEY_READS_PER_MIN: 2 },
    });
  });
  afterAll(() => server.close());

  const write = (projectId: string, keyId?: string) =>
    fetchJson(`${server.baseUrl}/test/flaky`, { body: {}, headers: asProject(projectId, keyId) });
  const read = (projectId: string, keyId?: string) =>
    fetchJson(`${server.baseUrl}/test/items`, { headers: asProject(projectId, keyId) });

  it('429 with the error body, Retry-After and X-RateLimit-* once the write budget is spent', async () => {
    const first = await write('p-writes');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    await write('p-writes');
    const refused = await write('p-writes');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: true, code: 'rate_limited' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
  });

  it('keeps reads and writes on separate budgets', async () => {
    await write('p-separate');
    await write('p-separate');
    expect((await write('p-separate')).status).toBe(429);
    expect((await read('p-separate')).status).toBe(200);
  });

  it('limits each key within its project, and the project across its keys', async () => {
    expect((await read('p-keys', 'key-a')).status).toBe(200);
    expect((await read('p-keys', 'key-a')).status).toBe(200);
    expect((await read('p-keys', 'key-a')).status).toBe(429);
    expect((await read('p-keys', 'key-b')).status).toBe(200);
    // The project's 3 reads are now spent, whatever the key.
    expect((await read('p-keys', 'key-c')).status).toBe(429);
  });

  it('counts each project on its own', async () => {
    await write('p-one');
    await write('p-one');
    expect((await write('p-one')).status).toBe(429);
    expect((await write('p-two')).status).toBe(201);
  });

  it('does not limit public routes without a caller', async () => {
    for (let i = 0; i < 5; i++) expect((await fetchJson(`${server.baseUrl}/test/items`)).status).toBe(200);
  });
});

describe('rate limits disabled', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({
      imports: [TestRoutesModule],
      env: { RATE_LIMIT_WRITES_PER_MIN: 0, RATE_LIMIT_READS_PER_MIN: 0 },
    });
  });
  afterAll(() => server.close());

  it('0 disables the limit and its headers', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await fetchJson(`${server.baseUrl}/test/items`, { headers: asProject('p-free') });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });
});
