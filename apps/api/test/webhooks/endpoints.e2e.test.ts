import type { Platform } from '@paykit/platform';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'webhook-tests' } };
const ENDPOINTS = '/2025-06-09/webhooks/endpoints';

describe('webhook endpoints over HTTP', () => {
  let server: TestServer;
  let platform: Platform;
  let key: string;
  let otherKey: string;

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as = key) =>
    fetchJson(`${server.baseUrl}${path}`, { method, body, headers: { 'x-api-key': as, ...headers } });
  const create = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call('POST', ENDPOINTS, body, headers);
  const valid = { url: 'https://hooks.example.com/paykit', eventTypes: ['orders.quote.created'] };

  beforeAll(async () => {
    server = await startServer({
      env: {
        EVENT_STORE: 'memory',
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:4999',
        RATE_LIMIT_WRITES_PER_MIN: 100_000,
        RATE_LIMIT_READS_PER_MIN: 100_000,
      },
    });
    platform = server.app.get<Platform>(PLATFORM);
    key = (await platform.provisionProject({ name: 'Hooks', environment: 'staging' }, CLI)).serverKey;
    otherKey = (await platform.provisionProject({ name: 'Other', environment: 'staging' }, CLI)).serverKey;
  });
  afterAll(() => server.close());

  it('creates an endpoint, showing its whsec_ secret once', async () => {
    const created = await create({ ...valid, description: 'orders feed' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: valid.url,
      eventTypes: valid.eventTypes,
      description: 'orders feed',
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const read = await call('GET', `${ENDPOINTS}/${created.body.id}`);
    expect(read.status).toBe(200);
    const { secret, ...withoutSecret } = created.body;
    expect(read.body).toEqual(withoutSecret);
    expect(read.text).not.toContain(secret);
    const listed = await call('GET', ENDPOINTS);
    expect(listed.text).not.toContain(secret);
  });

  it('refuses bad URLs, unknown or repeated event types and unknown fields, naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, url: 'ftp://hooks.example.com/x' }, /^url: must be an http or https URL/],
      [{ ...valid, url: 'not a url' }, /^url: /],
      [{ ...valid, eventTypes: [] }, /^eventTypes: must name at least one event type/],
      [{ ...valid, eventTypes: ['orders.created'] }, /^eventTypes\[0\]: /],
      [{ ...valid, eventTypes: ['wallets.transfer.in', 'wallets.transfer.in'] }, /^eventTypes: must not repeat/],
      [{ ...valid, secret: 'whsec_mine' }, /secret/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: true,
        code: 'invalid_request',
        message: expect.stringMatching(message),
      });
    }
  });

  it('refuses private, loopback and link-local addresses like agent checkouts do, unless allow-listed', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://127.0.0.1:5000/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest',
      'http://0x7f.1/hook',
    ]) {
      const response = await create({ ...valid, url });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^url: The host .* resolves to a (private|loopback|link-local) address/);
    }
    expect((await create({ ...valid, url: 'http://127.0.0.1:4999/hook' })).status).toBe(201);
  });

  it('changes the URL, event types and description, and clears the description with null', async () => {
    const { body: endpoint } = await create({ ...valid, description: 'first' });
    const changed = await call('PATCH', `${ENDPOINTS}/${endpoint.id}`, {
      url: 'https://hooks.example.com/v2',
      eventTypes: ['wallets.transfer.in', 'wallets.transfer.out'],
      description: null,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      url: 'https://hooks.example.com/v2',
      eventTypes: ['wallets.transfer.in', 'wallets.transfer.out'],
      description: null,
    });
    expect((await call('PATCH', `${ENDPOINTS}/${endpoint.id}`, {})).status).toBe(400);
    expect((await call('PATCH', `${ENDPOINTS}/${endpoint.id}`, { url: 'http://192.168.1.1/x' })).status).toBe(400);
  });

  it('rotates the secret: a new one, once per idempotency key', async () => {
    const { body: endpoint } = await create(valid);
    const rotated = await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`, undefined, {
      'x-idempotency-key': 'rotate-1',
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const again = await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`, undefined, {
      'x-idempotency-key': 'rotate-1',
    });
    expect(again.body.secret).toBe(rotated.body.secret);
    expect(again.headers.get('x-idempotent-replayed')).toBe('true');
    const third = await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`);
    expect(third.body.secret).not.toBe(rotated.body.secret);
  });

  it('replays a create under the same idempotency key with the same secret, and refuses another body under it', async () => {
    const first = await create(valid, { 'x-idempotency-key': 'create-1' });
    const replay = await create(valid, { 'x-idempotency-key': 'create-1' });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('x-idempotent-replayed')).toBe('true');
    const other = await create({ ...valid, description: 'other' }, { 'x-idempotency-key': 'create-1' });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: true, code: 'idempotency_key_reused' });
    // Keys are per project: the same key elsewhere creates another endpoint.
    const elsewhere = await call('POST', ENDPOINTS, valid, { 'x-idempotency-key': 'create-1' }, otherKey);
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.id).not.toBe(first.body.id);
  });

  it('deletes an endpoint: 204, then 404 everywhere', async () => {
    const { body: endpoint } = await create(valid);
    expect((await call('DELETE', `${ENDPOINTS}/${endpoint.id}`)).status).toBe(204);
    for (const [method, path] of [
      ['GET', `${ENDPOINTS}/${endpoint.id}`],
      ['DELETE', `${ENDPOINTS}/${endpoint.id}`],
      ['PATCH', `${ENDPOINTS}/${endpoint.id}`],
      ['GET', `${ENDPOINTS}/${endpoint.id}/deliveries`],
    ] as const) {
      const response = await call(method, path, method === 'PATCH' ? { description: 'x' } : undefined);
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: true, message: 'Not found' });
    }
    expect((await call('GET', ENDPOINTS)).body.data.map((item: { id: string }) => item.id)).not.toContain(endpoint.id);
  });

  it('keeps each project to its own endpoints: another project’s is a 404', async () => {
    const { body: endpoint } = await create(valid);
    expect((await call('GET', `${ENDPOINTS}/${endpoint.id}`, undefined, {}, otherKey)).status).toBe(404);
    expect((await call('DELETE', `${ENDPOINTS}/${endpoint.id}`, undefined, {}, otherKey)).status).toBe(404);
    expect((await call('POST', `${ENDPOINTS}/${endpoint.id}/rotate-secret`, undefined, {}, otherKey)).status).toBe(404);
    expect((await call('GET', `${ENDPOINTS}/${endpoint.id}/deliveries`, undefined, {}, otherKey)).status).toBe(404);
    const theirs = await call('GET', ENDPOINTS, undefined, {}, otherKey);
    expect(theirs.body.data.map((item: { id: string }) => item.id)).not.toContain(endpoint.id);
  });

  it('pages through the list oldest first with signed cursors bound to the project', async () => {
    const fresh = (await platform.provisionProject({ name: 'Pages', environment: 'staging' }, CLI)).serverKey;
    const ids: string[] = [];
    for (let index = 0; index < 5; index++)
      ids.push((await call('POST', ENDPOINTS, { ...valid, description: `#${index}` }, {}, fresh)).body.id);
    const first = await call('GET', `${ENDPOINTS}?limit=2`, undefined, {}, fresh);
    expect(first.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(0, 2));
    const second = await call('GET', `${ENDPOINTS}?limit=2&cursor=${first.body.nextCursor}`, undefined, {}, fresh);
    expect(second.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(2, 4));
    const third = await call('GET', `${ENDPOINTS}?limit=2&cursor=${second.body.nextCursor}`, undefined, {}, fresh);
    expect(third.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(4));
    expect(third.body.nextCursor).toBeNull();
    const back = await call('GET', `${ENDPOINTS}?limit=2&cursor=${third.body.previousCursor}`, undefined, {}, fresh);
    expect(back.body.data.map((item: { id: string }) => item.id)).toEqual(ids.slice(2, 4));
    const elsewhere = await call('GET', `${ENDPOINTS}?limit=2&cursor=${first.body.nextCursor}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/^cursor: /);
  });

  it('needs the webhooks scopes', async () => {
    const reader = (
      await platform.apiKeys.issue(
        {
          projectId: (await platform.provisionProject({ name: 'Scoped', environment: 'staging' }, CLI)).project
            .projectId,
          kind: 'server',
          scopes: ['webhooks.read'],
        },
        CLI,
      )
    ).key;
    expect((await call('GET', ENDPOINTS, undefined, {}, reader)).status).toBe(200);
    const refused = await call('POST', ENDPOINTS, valid, {}, reader);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/webhooks\.create/);
  });
});
