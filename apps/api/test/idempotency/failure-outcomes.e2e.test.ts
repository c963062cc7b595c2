import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';
import { asProject } from '../support/test-principal.guard.js';
import { Executions } from '../support/test-routes.module.js';
import { FailingWritesModule } from './failing-writes.module.js';

/**
 * Which failures an idempotency key remembers (ADR 0302): a write that failed with an outcome
 * (not found, a conflict, the handler's own refusal) is replayed and never runs again; one that
 * found a party unavailable or throttled (429, 502, 503, 504: the contract is to retry) or lost a write
 * race was no outcome, and a retry with the key runs again.
 */
describe('idempotency keys after a failed write', () => {
  let server: TestServer;
  let executions: Executions;
  beforeAll(async () => {
    server = await startServer({ imports: [FailingWritesModule] });
    executions = server.app.get(Executions);
  });
  afterAll(() => server.close());

  const twice = async (failure: string) => {
    const headers = { ...asProject(`p-${failure}`), 'x-idempotency-key': `key-${failure}` };
    const post = () => fetchJson(`${server.baseUrl}/test-failing-writes/${failure}`, { body: {}, headers });
    const first = await post();
    const retry = await post();
    return {
      statuses: [first.status, retry.status],
      replayed: retry.headers.get('x-idempotent-replayed') === 'true',
      runs: executions.count(failure),
    };
  };

  it.each([
    ['rate_limited', 429],
    ['upstream_invalid', 502],
    ['unavailable', 503],
    ['lost-race', 409],
    ['timed-out', 504],
  ])('runs a retry again after %s (%i): no outcome to remember', async (failure, status) => {
    expect(await twice(failure)).toEqual({ statuses: [status, status], replayed: false, runs: 2 });
  });

  it.each([
    ['invalid', 400],
    ['not_found', 404],
    ['conflict', 409],
  ])('replays %s (%i) to a retry without running it again', async (failure, status) => {
    expect(await twice(failure)).toEqual({ statuses: [status, status], replayed: true, runs: 1 });
  });
});
