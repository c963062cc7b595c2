import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { TestRoutesModule } from './support/test-routes.module.js';

const validEcho = {
  name: 'n',
  lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '1.5' } }],
};

describe('error bodies over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ imports: [TestRoutesModule], env: { BODY_LIMIT_BYTES: 2048 } });
  });
  afterAll(() => server.close());

  const url = (path: string) => `${server.baseUrl}${path}`;

  it('answers a valid request', async () => {
    const response = await fetchJson(url('/test/echo'), { body: validEcho });
    expect(response.status).toBe(201);
    expect(response.body.received).toEqual({ ...validEcho, state: 'create' });
  });

  it('400 names the field path and the rule it broke', async () => {
    const body = { ...validEcho, lineItems: [{ tokenLocator: 'x', executionParameters: { amount: '-1' } }] };
    const response = await fetchJson(url('/test/echo'), { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: true,
      message: 'lineItems[0].executionParameters.amount: must be a positive decimal string',
      code: 'invalid_request',
      parameters: {
        issues: [{ path: 'lineItems[0].executionParameters.amount', message: 'must be a positive decimal string' }],
      },
    });
  });

  it('400 lists every broken rule, worded for people', async () => {
    const response = await fetchJson(url('/test/echo'), {
      body: { name: '', lineItems: [], email: 'nope', state: 'later', extra: 1 },
    });
    expect(response.status).toBe(400);
    expect(response.body.parameters.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'must not be empty' },
        { path: 'lineItems', message: 'must have at least 1 items' },
        { path: 'email', message: 'must be an email address' },
        { path: 'state', message: 'must be one of "draft", "create"' },
        { path: 'body', message: 'has unknown field "extra"' },
      ]),
    );
  });

  it('400 for missing fields, wrong types, a bad path parameter and a bad query', async () => {
    const missing = await fetchJson(url('/test/echo'), { body: {} });
    expect(missing.body.parameters.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'is required' },
        { path: 'lineItems', message: 'is required' },
      ]),
    );
    const wrongType = await fetchJson(url('/test/echo'), { body: [1, 2] });
    expect(wrongType.body).toMatchObject({ message: 'body: must be an object', code: 'invalid_request' });
    const param = await fetchJson(url('/test/items/not-a-uuid'));
    expect(param).toMatchObject({ status: 400, body: { message: 'itemId: must be a UUID' } });
    const query = await fetchJson(url('/test/items?limit=1000'));
    expect(query).toMatchObject({ status: 400, body: { message: 'limit: must be at most 100' } });
    const parsed = await fetchJson(url('/test/items?limit=7'));
    expect(parsed).toMatchObject({ status: 200, body: { limit: 7 } });
  });

  it('400 for malformed JSON and an empty JSON body', async () => {
    const malformed = await fetchJson(url('/test/echo'), { body: '{"name": ' });
    expect(malformed).toMatchObject({ status: 400, body: { error: true, code: 'invalid_json' } });
    const empty = await fetch(url('/test/echo'), { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: true, code: 'invalid_json' });
  });

  it('reads an empty body sent as JSON as no body on a route that takes none (clients that always send the header)', async () => {
    const json = { 'content-type': 'application/json' };
    const deleted = await fetch(url('/test/items/7b0f3a52-9c1e-4d7a-8f55-1b2c3d4e5f60'), {
      method: 'DELETE',
      headers: json,
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: '7b0f3a52-9c1e-4d7a-8f55-1b2c3d4e5f60' });
    const notJson = await fetch(url('/test/items/7b0f3a52-9c1e-4d7a-8f55-1b2c3d4e5f60'), {
      method: 'DELETE',
      headers: json,
      body: '{"a":',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: true, code: 'invalid_json' });
  });

  it('415 naming the content type to send when a body route gets no body and no content type', async () => {
    const none = await fetchJson(url('/test/echo'), { method: 'POST' });
    expect(none).toMatchObject({
      status: 415,
      body: {
        error: true,
        code: 'unsupported_media_type',
        message: expect.stringContaining('Content-Type: application/json'),
      },
    });
    expect(none.headers.get('x-request-id')).toBeTruthy();
  });

  it('415, not a field error, for a JSON text sent as a form (curl -d without a content type)', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const response = await fetchJson(url('/test/echo'), {
        body: JSON.stringify(validEcho),
        headers: { 'content-type': contentType },
      });
      expect({ contentType, status: response.status, code: response.body.code }).toEqual({
        contentType,
        status: 415,
        code: 'unsupported_media_type',
      });
      expect(response.body.message).toContain('application/json');
    }
  });

  it('413 for a body over the limit', async () => {
    const response = await fetchJson(url('/test/echo'), { body: { ...validEcho, name: 'x'.repeat(4096) } });
    expect(response).toMatchObject({ status: 413, body: { error: true, code: 'payload_too_large' } });
  });

  it('415 for a content type other than JSON', async () => {
    const response = await fetchJson(url('/test/echo'), {
      body: 'name=x',
      headers: { 'content-type': 'application/xml' },
    });
    expect(response).toMatchObject({ status: 415, body: { error: true, code: 'unsupported_media_type' } });
  });

  it('404 Not found for unknown routes, in and out of the prefix', async () => {
    for (const path of [url('/nope'), `${server.rootUrl}/nope`, `${server.rootUrl}/a/b/c/d/e`]) {
      const response = await fetchJson(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: true, message: 'Not found', code: 'route_not_found' });
      expect(response.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('404 for a wrong version, method or segment names the routes nearby', async () => {
    const version = await fetchJson(url('/2022-06-09/wallets/0xabc'), { headers: { 'x-api-key': 'sk_staging_x' } });
    expect(version).toMatchObject({ status: 404, body: { error: true, code: 'route_not_found' } });
    expect(version.body.parameters.nearby[0]).toBe('GET /api/2025-06-09/wallets/{walletLocator}');
    expect(version.body.message).toBe(
      `Not found: no route GET /api/2022-06-09/wallets/0xabc. Nearby: ${version.body.parameters.nearby.join(', ')}`,
    );
    const method = await fetchJson(url('/test/echo'));
    expect(method.body.parameters.nearby[0]).toBe('POST /api/test/echo');
    const extra = await fetchJson(url('/test/echo/extra'), { body: validEcho });
    expect(extra.body.parameters.nearby).toContain('POST /api/test/echo');
    const unprefixed = await fetchJson(`${server.rootUrl}/2022-06-09/orders`);
    expect(unprefixed.body.parameters.nearby).toContain('GET /api/2022-06-09/orders');
    // A resource that does not exist is still the spec's bare "Not found".
    const missing = await fetchJson(url('/test/errors/domain/not_found'));
    expect(missing.body.message).toBe('Not found');
  });

  it('maps each domain error kind to its status', async () => {
    const expected = {
      invalid: 400,
      unauthenticated: 401,
      forbidden: 403,
      not_found: 404,
      conflict: 409,
      unprocessable: 422,
      rate_limited: 429,
      upstream_invalid: 502,
      unavailable: 503,
    };
    for (const [kind, status] of Object.entries(expected)) {
      const response = await fetchJson(url(`/test/errors/domain/${kind}`));
      expect({ kind, status: response.status }).toEqual({ kind, status });
      expect(response.body).toMatchObject({ error: true, code: `test_${kind}` });
      expect(response.body.message).toBe(kind === 'not_found' ? 'Not found' : `A ${kind} error`);
    }
  });

  it('409 for a lost write race, 503 with Retry-After for an unreachable store', async () => {
    const race = await fetchJson(url('/test/errors/revision'));
    expect(race).toMatchObject({ status: 409, body: { error: true, code: 'concurrency_conflict' } });
    const down = await fetchJson(url('/test/errors/store-down'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('30');
    expect(down.body).toEqual({
      error: true,
      message: 'Service unavailable, try again in a few minutes',
      code: 'service_unavailable',
    });
  });

  it('500 says only "Internal server error": no stack, no internal message', async () => {
    const response = await fetchJson(url('/test/errors/crash'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: true, message: 'Internal server error' });
    expect(response.text).not.toContain('secret');
  });

  it('never answers 500 to bad input', async () => {
    const bodies: string[] = [
      '',
      'null',
      'true',
      '0',
      '"x"',
      '[]',
      '{',
      '}',
      '{"a":}',
      '\u0000',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      JSON.stringify({ lineItems: 'x' }),
      JSON.stringify({ lineItems: [null] }),
      '{"name":1e400}',
      JSON.stringify({ name: { toString: 1 } }),
      '{"name":"\\ud800"}',
      '9'.repeat(500),
      JSON.stringify({ lineItems: [{ executionParameters: { amount: '1e5' } }] }),
      JSON.stringify({ lineItems: [{ executionParameters: { amount: 12 } }] }),
    ];
    const contentTypes = [
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ];
    for (const body of bodies) {
      for (const contentType of contentTypes) {
        const response = await fetchJson(url('/test/echo'), {
          method: 'POST',
          body,
          headers: { 'content-type': contentType },
        });
        expect({ body, contentType, status: response.status < 500 }).toEqual({ body, contentType, status: true });
        expect(response.body).toMatchObject({ error: true });
      }
    }
    const paths = [
      '/test/items?limit=abc',
      '/test/items?limit=-1',
      '/test/items?limit=1.5',
      '/test/items?cursor=',
      '/test/items?limit=1&limit=2',
      '/test/items/%00',
      '/test/items/%E0%A4%A',
      `/test/items/${'a'.repeat(5000)}`,
      '/test/errors/domain/nope',
      '/test/status/abc',
    ];
    for (const path of paths) {
      const response = await fetchJson(url(path));
      expect({ path, ok: response.status >= 400 && response.status < 500, error: response.body?.error }).toEqual({
        path,
        ok: true,
        error: true,
      });
    }
  });
});

describe('request timeout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ imports: [TestRoutesModule], env: { REQUEST_TIMEOUT_MS: 100 } });
  });
  afterAll(() => server.close());

  it('answers 504 "A timeout occurred." when a request runs past REQUEST_TIMEOUT_MS', async () => {
    const response = await fetchJson(`${server.baseUrl}/test/slow`, { body: { milliseconds: 5_000 } });
    expect(response.status).toBe(504);
    expect(response.body).toEqual({ error: true, message: 'A timeout occurred.' });
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});
