import { EventStoreUnavailableError, MemoryEventStore } from '@paykit/event-store';
import { fetchJson } from './support/http-client.js';
import { captureLogs } from './support/log-capture.js';
import { type TestServer, startServer } from './support/start-server.js';
import { TestRoutesModule } from './support/test-routes.module.js';

/** A store whose connection a test can cut. */
class SwitchableStore extends MemoryEventStore {
  down = false;
  override async headPosition(): Promise<bigint> {
    if (this.down) throw new EventStoreUnavailableError('connection lost');
    return super.headPosition();
  }
  override async appendToStream(...args: Parameters<MemoryEventStore['appendToStream']>) {
    if (this.down) throw new EventStoreUnavailableError('connection lost');
    return super.appendToStream(...args);
  }
}

describe('observability', () => {
  let server: TestServer;
  let store: SwitchableStore;
  const logs = captureLogs();
  beforeAll(async () => {
    store = new SwitchableStore();
    server = await startServer({
      imports: [TestRoutesModule],
      eventStore: store,
      logDestination: logs.destination,
      env: { LOG_LEVEL: 'info' },
    });
  });
  afterAll(() => server.close());

  it('generates an x-request-id, echoes a sane incoming one, replaces an unsafe one', async () => {
    const generated = await fetch(`${server.rootUrl}/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${server.rootUrl}/health`, { headers: { 'x-request-id': 'client-req.42:a' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-req.42:a');
    const unsafe = await fetch(`${server.rootUrl}/health`, { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const notFound = await fetch(`${server.baseUrl}/missing`, { headers: { 'x-request-id': 'on-a-404' } });
    expect(notFound.headers.get('x-request-id')).toBe('on-a-404');
    const badUrl = await fetch(`${server.baseUrl}/test/items/%E0%A4%A`, {
      headers: { 'x-request-id': 'on-a-bad-url' },
    });
    expect(badUrl.headers.get('x-request-id')).toBe('on-a-bad-url');
  });

  it('logs JSON lines carrying the request id, without keys, tokens or bodies', async () => {
    await fetchJson(`${server.baseUrl}/test/echo`, {
      body: { name: 'secret-body-value', lineItems: [] },
      headers: {
        'x-request-id': 'logged-1',
        'x-api-key': 'sk_staging_secretkey',
        authorization: 'Bearer secret.jwt.value',
      },
    });
    await fetchJson(`${server.baseUrl}/test/errors/crash`, { headers: { 'x-request-id': 'logged-crash' } });
    const ofRequest = logs.lines.filter((line) => line['requestId'] === 'logged-1');
    expect(ofRequest.length).toBeGreaterThanOrEqual(2);
    const crash = logs.lines.find((line) => line['requestId'] === 'logged-crash' && line['level'] === 50);
    expect(crash).toMatchObject({ msg: 'request failed', err: { message: 'secret internal detail' } });
    expect(logs.text()).not.toContain('sk_staging_secretkey');
    expect(logs.text()).not.toContain('secret.jwt.value');
    expect(logs.text()).not.toContain('secret-body-value');
  });

  it('GET /health answers while the process is up', async () => {
    const response = await fetchJson(`${server.rootUrl}/health`);
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /ready checks the store and the projections; 503 in the error body when the store is down', async () => {
    const ready = await fetchJson(`${server.rootUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: [
        { name: 'event-store', ok: true },
        { name: 'projections', ok: true },
      ],
    });
    store.down = true;
    try {
      const down = await fetchJson(`${server.rootUrl}/ready`);
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({
        error: true,
        code: 'not_ready',
        parameters: { checks: expect.arrayContaining([{ name: 'event-store', ok: false, detail: 'connection lost' }]) },
      });
      expect(down.headers.get('retry-after')).toBe('5');
      const write = await fetchJson(`${server.baseUrl}/test/append`, { body: {} });
      expect(write.status).toBe(503);
      expect(write.body).toEqual({
        error: true,
        message: 'Service unavailable, try again in a few minutes',
        code: 'service_unavailable',
      });
      expect(write.headers.get('retry-after')).toBe('30');
    } finally {
      store.down = false;
    }
  });

  it('GET /metrics exposes request durations by route and status, and event-store append latency', async () => {
    await fetchJson(`${server.baseUrl}/test/append`, { body: {} });
    store.down = true;
    try {
      await fetchJson(`${server.baseUrl}/test/append`, { body: {} });
    } finally {
      store.down = false;
    }
    await fetchJson(`${server.baseUrl}/test/items/not-a-uuid`);
    await fetchJson(`${server.baseUrl}/nowhere/${Math.random()}`);
    const response = await fetch(`${server.rootUrl}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/test\/append",status_code="201"\} [1-9]/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/test\/items\/:itemId",status_code="400"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} [1-9]/,
    );
    expect(text).toMatch(/event_store_append_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/event_store_append_duration_seconds_count\{outcome="error"\} [1-9]/);
    expect(text).not.toContain('nowhere');
  });
});

describe('shutdown', () => {
  it('closes the event store once HTTP has stopped', async () => {
    const store = new MemoryEventStore();
    const server = await startServer({ imports: [TestRoutesModule], eventStore: store });
    expect((await fetchJson(`${server.baseUrl}/test/append`, { body: {} })).status).toBe(201);
    await server.close();
    await expect(store.headPosition()).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await expect(fetch(`${server.rootUrl}/health`)).rejects.toThrow();
  });
});
