import { toRunSnapshot } from '@paykit/checkout-runs';
import { SANDBOX_ISSUER_BIN } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserCheckoutStrategy, browserLocationGate, type BrowserSettings } from '../../src/index.js';
import { apiCommand, isFinal, readEvents, runInput, waitForRun } from '../support/runs.js';
import { type BrowserHarness, startBrowserHarness } from './support/browser-harness.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';

/** A plain forward proxy standing in for a country's egress proxy: it records what passes. */
const startEgressProxy = async () => {
  const seen: string[] = [];
  const server = http.createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    const target = new URL(request.url ?? '');
    const outgoing = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        headers: request.headers,
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};

let h: BrowserHarness;
let egress: Awaited<ReturnType<typeof startEgressProxy>>;

beforeAll(async () => {
  h = await startBrowserHarness();
  egress = await startEgressProxy();
  const browser: BrowserSettings = {
    executablePath: CHROMIUM_PATH,
    blobs: h.blobs,
    profiles: h.profiles,
    actionTimeoutMs: 10_000,
    proxies: { US: egress.url },
  };
  // The browser alone (the shop has no agentic-checkout API anyway), two runs at a time, one Chromium.
  h.startRunner({
    concurrency: 2,
    browser,
    strategies: ({ ids, guard, chromium }) => [
      browserLocationGate(browser),
      browserCheckoutStrategy({ settings: browser, chromium: chromium!, guard, ids }),
    ],
  });
});
afterAll(async () => {
  await h?.close();
  await egress?.close();
});

const finished = (runId: string) => waitForRun(h.store, runId, isFinal, 60_000);

describeWithChromium('the browser strategy on a shop without an agentic-checkout API', () => {
  it('buys the mug on the web pages: receipt total and order number are the order the shop recorded, steps have screenshots', async () => {
    const runId = await h.create(runInput(h.product('mug'), '50', 'Buy a ceramic mug'));
    const run = await finished(runId);

    const [order] = h.shop.state.orders();
    expect(order).toMatchObject({ channel: 'web', totals: expect.objectContaining({ total: 1886 }) });
    expect(toRunSnapshot(run)).toMatchObject({
      status: 'succeeded',
      result: {
        purchase: {
          kind: 'receipt_captured',
          receipt: { total: { amount: '18.86', currency: 'USD' }, merchantOrderId: order?.number },
        },
      },
    });
    const steps = (await readEvents(h.store, runId))
      .filter((event) => event.type === 'CheckoutRunStepRecorded')
      .map((event) => event.data as Record<string, unknown>);
    expect(steps.map((step) => step.action)).toEqual(
      expect.arrayContaining(['Add 1 x Ceramic Mug to the cart', 'Go to checkout', 'Pay 18.86 USD']),
    );
    const shots = steps.map((step) => step.screenshotRef).filter((ref): ref is string => typeof ref === 'string');
    expect(shots.length).toBeGreaterThan(3);
    const stored = await h.blobs.get(shots[0] ?? '');
    expect(E.isRight(stored) && stored.right?.contentType).toBe('image/jpeg');
    // The virtual card reached the shop's form, never an event (its last four digits only).
    expect(JSON.stringify((await readEvents(h.store, runId)).map(({ data }) => data))).not.toMatch(
      new RegExp(`${SANDBOX_ISSUER_BIN}\\d`),
    );
  }, 60_000);

  it('works runs concurrently up to the runner limit, each in its own browser context', async () => {
    const runIds = await Promise.all(
      [1, 2, 3].map(() => h.create(runInput(h.product('tshirt'), '100', 'Buy the t-shirt'))),
    );
    const waiting = await Promise.all(
      runIds.slice(0, 2).map((runId) => waitForRun(h.store, runId, (run) => run.status === 'awaiting_input', 60_000)),
    );
    expect(waiting.map((run) => run.status)).toEqual(['awaiting_input', 'awaiting_input']);
    const [, , third] = runIds;
    expect((await waitForRun(h.store, third ?? '', () => true)).status).toBe('queued');
    for (const runId of runIds)
      await apiCommand(h.store, h.clock, runId, { type: 'Cancel', data: { now: h.clock.now() } });
    await Promise.all(runIds.map(finished));
  }, 90_000);

  it('browses through the egress proxy of the run location', async () => {
    const before = egress.seen.length;
    const runId = await h.create({
      ...runInput(h.product('desk-lamp'), '100', 'Buy the desk lamp'),
      browser: { location: { type: 'country', countryCode: 'US' } },
    });
    expect(toRunSnapshot(await finished(runId))).toMatchObject({
      status: 'blocked',
      result: { code: 'product.item_unavailable' },
    });
    expect(egress.seen.slice(before)).toContain(`GET ${h.product('desk-lamp')}`);
  }, 60_000);

  it('never lets the browser reach a private address: the page request is refused by the URL guard', async () => {
    const runId = await h.create(runInput('http://10.20.30.40/products/mug', '50', 'Buy a mug'));
    const run = toRunSnapshot(await finished(runId));
    expect(run).toMatchObject({ status: 'blocked', result: { code: 'merchant.no_safe_path' } });
    expect(JSON.stringify(run)).toMatch(/private/);
  }, 60_000);
});
