import { setTimeout as sleep } from 'node:timers/promises';
import { fetchJson } from './support/http-client.js';
import { type TestServer, startServer } from './support/start-server.js';
import { TestRoutesModule } from './support/test-routes.module.js';

/**
 * Requests in flight share one queue of deadlines under one timer (http/timeout): each request
 * still gets its own REQUEST_TIMEOUT_MS, whichever requests came and went before it.
 */
describe('request deadlines in one queue', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ imports: [TestRoutesModule], env: { REQUEST_TIMEOUT_MS: 1_000 } });
  });
  afterAll(() => server.close());

  const slow = (milliseconds: number) => fetchJson(`${server.baseUrl}/test/slow`, { body: { milliseconds } });

  it('times out every request that runs past the timeout, and none that does not, in any interleaving', async () => {
    const first = slow(10_000);
    await sleep(50);
    const quick = slow(10);
    await sleep(50);
    const second = slow(10_000);
    const within = slow(10);
    const answers = await Promise.all([first, quick, second, within]);
    expect(answers.map((answer) => answer.status)).toEqual([504, 201, 504, 201]);
    expect(answers[0]!.body).toEqual({ error: true, message: 'A timeout occurred.' });
    // The queue is empty again; a later request is timed from its own start.
    const later = await Promise.all([slow(10_000), slow(20)]);
    expect(later.map((answer) => answer.status)).toEqual([504, 201]);
  });
});
