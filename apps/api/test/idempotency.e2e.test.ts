import { randomUUID } from 'node:crypto';
import { MemoryEventStore } from '@paykit/event-store';
import { IdempotencySecrets } from '../src/http/idempotency/idempotency-secrets.js';
import { idempotencyStream } from '../src/http/idempotency/key-stream.js';
import { canonicalJson } from '../src/http/idempotency/request-fingerprint.js';
import { InterceptorOnAnyRouteModule } from './idempotency/interceptor-on-any-route.module.js';
import { KeyedWritesModule } from './idempotency/keyed-writes.module.js';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { type TempDir, makeTempDir } from './support/temp-dir.js';
import { asProject } from './support/test-principal.guard.js';
import { Executions, TestRoutesModule } from './support/test-routes.module.js';

const echoBody = (name: string) => ({
  name,
  lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '2' } }],
});

describe('idempotency keys', () => {
  let server: TestServer;
  let store: MemoryEventStore;
  let executions: Executions;
  beforeAll(async () => {
    store = new MemoryEventStore();
    server = await startServer({
      imports: [TestRoutesModule, InterceptorOnAnyRouteModule, KeyedWritesModule],
      eventStore: store,
      env: { IDEMPOTENCY_WAIT_MS: 3_000, REQUEST_TIMEOUT_MS: 20_000 },
    });
    executions = server.app.get(Executions);
  });
  afterAll(() => server.close());

  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetchJson(`${server.baseUrl}${path}`, { body, headers });

  it('replays the first response (status and body) for the same key and request', async () => {
    const headers = { ...asProject('p-replay'), 'x-idempotency-key': 'replay-1' };
    const first = await post('/test/echo', echoBody('a'), headers);
    const second = await post('/test/echo', echoBody('a'), headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('x-idempotent-replayed')).toBeNull();
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('x-idempotent-replayed')).toBe('true');
  });

  it('treats a body with the same content in another key order as the same request', async () => {
    const headers = { ...asProject('p-order'), 'x-idempotency-key': 'order-1' };
    const first = await post('/test/echo', { name: 'a', lineItems: echoBody('a').lineItems }, headers);
    const second = await post('/test/echo', { lineItems: echoBody('a').lineItems, name: 'a' }, headers);
    expect(second.headers.get('x-idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
  });

  it('409 idempotency_key_reused for the same key with a different body or path', async () => {
    const headers = { ...asProject('p-reuse'), 'x-idempotency-key': 'reuse-1' };
    await post('/test/echo', echoBody('a'), headers);
    const differentBody = await post('/test/echo', echoBody('b'), headers);
    expect(differentBody.status).toBe(409);
    expect(differentBody.body).toMatchObject({ error: true, code: 'idempotency_key_reused' });
    const differentPath = await post('/test/own-key', {}, headers);
    expect(differentPath.status).toBe(201);
    const otherRoute = await post('/test/flaky', {}, headers);
    expect(otherRoute).toMatchObject({ status: 409, body: { code: 'idempotency_key_reused' } });
  });

  it('scopes keys per project: the same key in another project runs again', async () => {
    const before = executions.count('echo');
    await post('/test/echo', echoBody('a'), { ...asProject('p-scope-1'), 'x-idempotency-key': 'shared' });
    const other = await post('/test/echo', echoBody('a'), { ...asProject('p-scope-2'), 'x-idempotency-key': 'shared' });
    expect(other.headers.get('x-idempotent-replayed')).toBeNull();
    expect(executions.count('echo')).toBe(before + 2);
  });

  it('runs 20 concurrent requests with one key once; the others replay it', async () => {
    const before = executions.count('slow');
    const headers = { ...asProject('p-concurrent'), 'x-idempotency-key': 'concurrent-1' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post('/test/slow', { milliseconds: 200, tag: 'same' }, headers)),
    );
    expect(executions.count('slow')).toBe(before + 1);
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
    expect(new Set(responses.map((response) => JSON.stringify(response.body))).size).toBe(1);
    expect(responses.filter((response) => response.headers.get('x-idempotent-replayed') === 'true')).toHaveLength(19);
  });

  it('claims the key through the event store, then records the response there', async () => {
    const headers = { ...asProject('p-stream'), 'x-idempotency-key': 'stream-1' };
    await post('/test/echo', echoBody('a'), headers);
    const types: string[] = [];
    for await (const event of store.readAll()) {
      if (event.streamName.startsWith('idempotency-p-stream-')) types.push(event.type);
    }
    expect(types).toEqual(['IdempotencyKeyClaimed', 'IdempotentResponseRecorded']);
  });

  it('leases a claim for twice the request timeout plus the wait, so no live request loses its key', async () => {
    const headers = { ...asProject('p-lease'), 'x-idempotency-key': 'lease-1' };
    await post('/test/echo', echoBody('a'), headers);
    const claims: { claimedAt: string; leaseExpiresAt: string }[] = [];
    for await (const event of store.readAll()) {
      if (event.streamName.startsWith('idempotency-p-lease-') && event.type === 'IdempotencyKeyClaimed')
        claims.push(event.data as { claimedAt: string; leaseExpiresAt: string });
    }
    expect(claims).toHaveLength(1);
    const [claim] = claims;
    expect(Date.parse(claim!.leaseExpiresAt) - Date.parse(claim!.claimedAt)).toBe(2 * 20_000 + 3_000);
  });

  it('keeps the recorded response sealed: the store holds no part of it in clear', async () => {
    const headers = { ...asProject('p-sealed'), 'x-idempotency-key': 'sealed-1' };
    const first = await post('/test/echo', echoBody('clear-marker-5309'), headers);
    expect(first.status).toBe(201);
    const stored: string[] = [];
    for await (const event of store.readAll()) {
      if (event.streamName.startsWith('idempotency-p-sealed-'))
        stored.push(JSON.stringify({ data: event.data, metadata: event.metadata }));
    }
    expect(stored).toHaveLength(2);
    expect(stored.join('\n')).not.toContain('clear-marker-5309');
    const replayed = await post('/test/echo', echoBody('clear-marker-5309'), headers);
    expect(replayed.body).toEqual(first.body);
  });

  /** The claim a process that was killed mid-request left behind on POST /test/echo: no answer. */
  const seedDeadClaim = async (projectId: string, key: string, body: unknown, claimedAt: Date) => {
    const fingerprint = server.app
      .get(IdempotencySecrets)
      .fingerprint({ method: 'POST', path: '/api/test/echo', body });
    await store.appendToStream(
      idempotencyStream(projectId, key),
      [
        {
          type: 'IdempotencyKeyClaimed',
          data: {
            fingerprint,
            method: 'POST',
            path: '/api/test/echo',
            holder: 'a-killed-process',
            claimedAt: claimedAt.toISOString(),
            leaseExpiresAt: new Date(claimedAt.getTime() + 60_000).toISOString(),
          },
          metadata: {
            eventId: randomUUID(),
            occurredAt: claimedAt.toISOString(),
            projectId,
            actor: { type: 'api-key', id: 'k' },
            correlationId: 'c',
            causationId: null,
            schemaVersion: 1,
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  };

  it('never runs a request again whose first run died unanswered: 409 idempotency_request_interrupted at once', async () => {
    const key = 'interrupted-1';
    const body = echoBody('a');
    // The claim a process that was killed mid-request left behind: same request, no answer.
    await seedDeadClaim('p-dead', key, body, new Date());
    const before = executions.count('echo');
    const started = Date.now();
    const retried = await post('/test/echo', body, { ...asProject('p-dead'), 'x-idempotency-key': key });
    expect(retried.status).toBe(409);
    expect(retried.body).toMatchObject({
      error: true,
      code: 'idempotency_request_interrupted',
      parameters: { idempotencyKey: key },
    });
    expect(executions.count('echo')).toBe(before);
    // Not after the wait for a live holder (3 s here).
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('forgets a key after IDEMPOTENCY_TTL_HOURS (24 h): an interrupted claim that old no longer blocks it', async () => {
    const key = 'expired-1';
    const body = echoBody('a');
    await seedDeadClaim('p-expired', key, body, new Date(Date.now() - 25 * 3_600_000));
    const before = executions.count('echo');
    const retried = await post('/test/echo', body, { ...asProject('p-expired'), 'x-idempotency-key': key });
    expect(retried.status).toBe(201);
    expect(executions.count('echo')).toBe(before + 1);
  });

  it('replays the outcome of a handler that ran, a 500 included (it may have written before it failed)', async () => {
    const headers = { ...asProject('p-flaky'), 'x-idempotency-key': 'flaky-1' };
    const before = executions.count('flaky');
    const failed = await post('/test/flaky', {}, headers);
    expect(failed.status).toBe(500);
    const retried = await post('/test/flaky', {}, headers);
    expect(retried).toMatchObject({ status: 500, body: failed.body });
    expect(retried.headers.get('x-idempotent-replayed')).toBe('true');
    expect(executions.count('flaky')).toBe(before + 1);
  });

  it('releases the key after a 503 (the contract is to retry), so a retry runs', async () => {
    const headers = { ...asProject('p-unavailable'), 'x-idempotency-key': 'unavailable-1' };
    const before = executions.count('unavailable');
    const first = await post('/test/unavailable', {}, headers);
    expect(first.status).toBe(503);
    const retried = await post('/test/unavailable', {}, headers);
    expect(retried.headers.get('x-idempotent-replayed')).toBeNull();
    expect(executions.count('unavailable')).toBe(before + 2);
    const reasons: unknown[] = [];
    for await (const event of store.readAll()) {
      if (event.streamName.startsWith('idempotency-p-unavailable-') && event.type === 'IdempotencyClaimReleased')
        reasons.push((event.data as { reason: unknown }).reason);
    }
    expect(reasons).toEqual(['answered 503', 'answered 503']);
  });

  it('does not record a request that failed validation: the corrected body may use the key', async () => {
    const headers = { ...asProject('p-invalid'), 'x-idempotency-key': 'invalid-1' };
    const invalid = await post('/test/echo', { name: 'a' }, headers);
    expect(invalid.status).toBe(400);
    const corrected = await post('/test/echo', echoBody('a'), headers);
    expect(corrected.status).toBe(201);
  });

  it('400 for a key that is empty, too long or not printable ASCII', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé']) {
      const response = await fetch(`${server.baseUrl}/test/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...asProject('p-keys'), 'x-idempotency-key': key },
        body: JSON.stringify(echoBody('a')),
      }).catch(() => null);
      // undici refuses to send some header values itself; those never reach a server.
      if (response === null) continue;
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: true,
        code: 'invalid_request',
        parameters: { issues: [{ path: 'x-idempotency-key' }] },
      });
    }
  });

  it('leaves a route that handles the key itself alone', async () => {
    const headers = { ...asProject('p-own'), 'x-idempotency-key': 'own-1' };
    const before = executions.count('own-key');
    await post('/test/own-key', {}, headers);
    const second = await post('/test/own-key', {}, headers);
    expect(second.headers.get('x-idempotent-replayed')).toBeNull();
    expect(executions.count('own-key')).toBe(before + 2);
  });

  it('leaves reads alone: a GET with a key runs each time and records nothing', async () => {
    const headers = { ...asProject('p-read'), 'x-idempotency-key': 'read-1' };
    const first = await fetch(`${server.baseUrl}/test/items?limit=5`, { headers });
    const second = await fetch(`${server.baseUrl}/test/items?limit=7`, { headers });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual({ limit: 7 });
    expect(second.headers.get('x-idempotent-replayed')).toBeNull();
    for await (const event of store.readAll()) expect(event.streamName).not.toMatch(/^idempotency-p-read-/);
  });

  it('leaves reads and routes that handle the key alone, even where the interceptor is put by hand', async () => {
    const headers = { ...asProject('p-by-hand'), 'x-idempotency-key': 'by-hand-1' };
    for (const [method, path, name] of [
      ['GET', 'read', 'interceptor-read'],
      ['POST', 'own-key', 'interceptor-own-key'],
    ] as const) {
      const before = executions.count(name);
      const run = () => fetch(`${server.baseUrl}/test-interceptor/${path}`, { method, headers });
      const [first, second] = [await run(), await run()];
      expect([first.status, second.status]).toEqual(method === 'GET' ? [200, 200] : [201, 201]);
      expect(second.headers.get('x-idempotent-replayed')).toBeNull();
      expect(executions.count(name)).toBe(before + 2);
    }
  });

  it('derives the resource ids of a keyed write from project, route and key (UUID v8); a retry finds it, marked replayed', async () => {
    const note = (path: string, projectId: string, key: string, text = 'a') =>
      post(`/test-keyed/${path}`, { text }, { ...asProject(projectId), 'x-idempotency-key': key });
    const first = await note('notes', 'p-keyed', 'keyed-1');
    expect(first.status).toBe(201);
    expect(first.headers.get('x-idempotent-replayed')).toBeNull();
    const { noteId, draftId } = first.body as { noteId: string; draftId: string };
    const uuidV8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(noteId).toMatch(uuidV8);
    expect(draftId).toMatch(uuidV8);
    expect(draftId).not.toBe(noteId);

    const retried = await note('notes', 'p-keyed', 'keyed-1');
    expect(retried).toMatchObject({ status: 201, body: first.body });
    expect(retried.headers.get('x-idempotent-replayed')).toBe('true');

    const others = [
      await note('notes', 'p-keyed-other', 'keyed-1'),
      await note('notes/copies', 'p-keyed', 'keyed-1'),
      await note('notes', 'p-keyed', 'keyed-2'),
    ];
    for (const other of others) {
      expect(other.status).toBe(201);
      expect(other.headers.get('x-idempotent-replayed')).toBeNull();
    }
    const ids = [noteId, ...others.map((other) => (other.body as { noteId: string }).noteId)];
    expect(new Set(ids).size).toBe(4);

    const otherBody = await note('notes', 'p-keyed', 'keyed-1', 'b');
    expect(otherBody).toMatchObject({ status: 409, body: { error: true, code: 'idempotency_key_reused' } });
    expect(otherBody.headers.get('x-idempotent-replayed')).toBeNull();
  });

  it('ignores the key on requests without a caller', async () => {
    const before = executions.count('echo');
    await post('/test/echo', echoBody('a'), { 'x-idempotency-key': 'anonymous' });
    await post('/test/echo', echoBody('a'), { 'x-idempotency-key': 'anonymous' });
    expect(executions.count('echo')).toBe(before + 2);
  });
});

describe('the canonical JSON a request fingerprint is taken of', () => {
  it('prints object keys sorted at every level, whatever order they came in', () => {
    expect(canonicalJson({ zeta: 1, beta: { yes: true, and: null }, alpha: 'a' })).toBe(
      '{"alpha":"a","beta":{"and":null,"yes":true},"zeta":1}',
    );
    expect(canonicalJson({ c: 3, b: 2, a: 1, d: 4 })).toBe(canonicalJson({ d: 4, a: 1, b: 2, c: 3 }));
  });

  it('prints scalars and arrays as JSON does, arrays in their order', () => {
    expect(canonicalJson('2.50')).toBe('"2.50"');
    expect(canonicalJson(7)).toBe('7');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson([3, 'x', [false]])).toBe('[3,"x",[false]]');
  });

  it('prints a missing value as JSON.stringify would: no body is empty, an absent field is left out, a hole is null', () => {
    expect(canonicalJson(undefined)).toBe('');
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    expect(canonicalJson([1, undefined, { k: 'v' }])).toBe('[1,null,{"k":"v"}]');
    const value = { items: [{ amount: '2', note: undefined }, undefined], name: 'n' };
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });
});

describe('idempotency keys under a short wait', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ imports: [TestRoutesModule], env: { IDEMPOTENCY_WAIT_MS: 50 } });
  });
  afterAll(() => server.close());

  it('409 idempotency_request_in_progress when the first request takes longer than the wait', async () => {
    const headers = {
      ...asProject('p-progress'),
      'x-idempotency-key': 'progress-1',
      'content-type': 'application/json',
    };
    const url = `${server.baseUrl}/test/slow`;
    const body = JSON.stringify({ milliseconds: 1_000 });
    const first = fetch(url, { method: 'POST', headers, body });
    // The second request starts once the first holds the claim.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = await fetchJson(url, { body, headers });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: true, code: 'idempotency_request_in_progress' });
    expect((await first).status).toBe(201);
  });
});

describe('idempotency keys across instances', () => {
  let first: TestServer;
  let second: TestServer;
  let sharedDir: TempDir;
  beforeAll(async () => {
    // Two API instances on one event store and one secrets key (the key file of one data
    // directory), as behind a load balancer.
    const shared = new MemoryEventStore();
    sharedDir = await makeTempDir();
    first = await startServer({ imports: [TestRoutesModule], eventStore: shared, env: { DATA_DIR: sharedDir.path } });
    second = await startServer({ imports: [TestRoutesModule], eventStore: shared, env: { DATA_DIR: sharedDir.path } });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await sharedDir.remove();
  });

  it('runs 20 concurrent requests spread over two instances once', async () => {
    const headers = { ...asProject('p-instances'), 'x-idempotency-key': 'instances-1' };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetchJson(`${(i % 2 === 0 ? first : second).baseUrl}/test/slow`, { body: { milliseconds: 200 }, headers }),
      ),
    );
    expect(first.app.get(Executions).count('slow') + second.app.get(Executions).count('slow')).toBe(1);
    expect(new Set(responses.map((response) => `${response.status} ${JSON.stringify(response.body)}`)).size).toBe(1);
  });
});
