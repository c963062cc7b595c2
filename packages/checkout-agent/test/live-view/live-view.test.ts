import { randomBytes } from 'node:crypto';
import { type DemoMerchant, createDemoMerchant } from '@paykit/demo-merchant';
import { MemoryEventStore } from '@paykit/event-store';
import { ManualClock } from '@paykit/kernel';
import type { Browser, Page } from 'playwright-core';
import { WebSocket } from 'ws';
import { toRunSnapshot } from '@paykit/checkout-runs';
import { type CheckoutStrategy, LiveViewServer, signViewerToken, signedEmbedUrl } from '../../src/index.js';
import { startHarness } from '../support/harness.js';
import { createRun, foldRun, readEvents, runInput } from '../support/runs.js';
import { describeWithChromium, launchChromium } from './chromium.js';
import { distance, measurePng } from './pixels.js';

const KEY = randomBytes(32);
const HEADER_BLUE = { r: 0x14, g: 0x21, b: 0x3d };

describeWithChromium('live view of a run’s browser', () => {
  let browser: Browser;
  let shop: DemoMerchant;
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  const store = new MemoryEventStore();
  let server: LiveViewServer;
  const pages: Page[] = [];

  const newPage = async (): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    pages.push(page);
    return page;
  };
  const signed = (embedUrl: string, runId: string, ttlMs = 60_000, key = KEY) =>
    signedEmbedUrl(embedUrl, signViewerToken(key, runId, new Date(clock.now().getTime() + ttlMs)));
  const merchantPage = async (): Promise<Page> => {
    const page = await newPage();
    await page.goto(`${shop.url}/products/tshirt`);
    return page;
  };
  const watch = async (url: string): Promise<Page> => {
    const viewer = await newPage();
    await viewer.goto(url);
    await viewer.waitForSelector('body[data-frames]', { timeout: 10_000 });
    return viewer;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    shop = await createDemoMerchant({ seed: 'live-view' });
  }, 30_000);
  afterEach(async () => {
    await server.close();
    await Promise.all(pages.splice(0).map((page) => page.close()));
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
  }, 30_000);

  it('shows the merchant page the run’s browser has open', async () => {
    server = new LiveViewServer({ store, tokenKey: KEY, clock });
    // Attached while still blank, as a strategy does before it opens the shop: the live view
    // must follow the page to the shop's site (another renderer process).
    const merchant = await newPage();
    const embedUrl = await server.publish('run-1', merchant);
    expect(embedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/live\/run-1$/);
    const viewer = await watch(signed(embedUrl, 'run-1'));
    await expect(viewer.locator('#status').textContent()).resolves.toBe('Live');
    await merchant.goto(`${shop.url}/products/tshirt`);

    // Measured on a blank page: the viewer's content security policy allows no data: images.
    const scratch = await newPage();
    const original = await measurePng(scratch, await merchant.screenshot());
    let shown = await measurePng(scratch, await viewer.locator('#screen').screenshot());
    for (let attempt = 0; attempt < 50 && distance(shown.topBand, original.topBand) >= 16; attempt++) {
      await viewer.waitForTimeout(100);
      shown = await measurePng(scratch, await viewer.locator('#screen').screenshot());
    }

    // The shop's dark blue header across the top, and as much ink as the page itself has: not a blank frame.
    expect(distance(original.topBand, HEADER_BLUE)).toBeLessThan(8);
    expect(distance(shown.topBand, original.topBand)).toBeLessThan(16);
    expect(shown.inked).toBeGreaterThan(0.03);
    expect(Math.abs(shown.inked - original.inked)).toBeLessThan(0.05);
  }, 30_000);

  it('refuses a missing, forged, foreign or expired token, for the page and for its frames', async () => {
    server = new LiveViewServer({ store, tokenKey: KEY, clock });
    const embedUrl = await server.publish('run-2', await merchantPage());
    const status = async (url: string) => (await fetch(url)).status;

    expect(await status(embedUrl)).toBe(403);
    expect(await status(signed(embedUrl, 'run-2', 60_000, randomBytes(32)))).toBe(403);
    expect(await status(signed(embedUrl, 'another-run'))).toBe(403);
    expect(await status(signedEmbedUrl(embedUrl, 'v1.99999999999.AAAA'))).toBe(403);
    const shortLived = signed(embedUrl, 'run-2', 30_000);
    const page = await fetch(shortLived);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('<img id="screen"');

    const socketUrl = (url: string) => url.replace('http://', 'ws://').replace('/live/run-2?', '/live/run-2/socket?');
    clock.advance(30_000);
    expect(await status(shortLived)).toBe(403);
    await expect(socketStatus(socketUrl(shortLived))).resolves.toBe(403);
    await expect(socketStatus(socketUrl(signed(embedUrl, 'run-2', 60_000, randomBytes(32))))).resolves.toBe(403);
    await expect(socketStatus(socketUrl(signed(embedUrl, 'run-2')))).resolves.toBe(101);
  }, 30_000);

  it('never lets input sent through the viewer reach the browser', async () => {
    server = new LiveViewServer({ store, tokenKey: KEY, clock });
    const merchant = await merchantPage();
    // Counts every kind of input reaching the run's page (source text: no DOM types here).
    await merchant.evaluate(`(() => {
      window.inputs = 0;
      for (const type of ['pointerdown', 'mousedown', 'click', 'keydown', 'input', 'wheel', 'touchstart']) {
        window.addEventListener(type, () => window.inputs++, true);
      }
    })()`);
    const inputs = () => merchant.evaluate('window.inputs') as Promise<number>;
    const embedUrl = await server.publish('run-3', merchant);

    // Through the viewer page: clicks, typing and scrolling on the shown frame.
    const viewer = await watch(signed(embedUrl, 'run-3'));
    const box = await viewer.locator('#screen').boundingBox();
    if (!box) throw new Error('the frame is not shown');
    await viewer.mouse.click(box.x + 60, box.y + 20);
    await viewer.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await viewer.keyboard.type('hello');
    await viewer.keyboard.press('Enter');
    await viewer.mouse.wheel(0, 400);

    // Straight down the socket: input messages of any shape close it.
    const socket = new WebSocket(
      signed(embedUrl, 'run-3').replace('http://', 'ws://').replace('/live/run-3?', '/live/run-3/socket?'),
    );
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    socket.send(JSON.stringify({ type: 'click', x: 60, y: 20 }));
    socket.send(JSON.stringify({ method: 'Input.dispatchKeyEvent', params: { type: 'keyDown', text: 'a' } }));
    expect(await closed).toBe(1008);

    expect(await inputs()).toBe(0);
    await expect(viewer.locator('#status').textContent()).resolves.toBe('Live');
    // The counter does count input that reaches the page.
    await merchant.mouse.click(990, 690);
    expect(await inputs()).toBeGreaterThan(0);
  }, 30_000);

  it('is attached to the run while its browser is open, and shows the recorded steps once it is gone', async () => {
    const harness = await startHarness();
    server = new LiveViewServer({ store: harness.store, tokenKey: KEY, clock: harness.clock });
    const attached = deferred();
    const watched = deferred();
    const strategy: CheckoutStrategy = {
      name: 'attaching',
      recognise: async () => ({
        run: async (context) => {
          const page = await newPage();
          await page.goto(context.input.request.startUrl);
          await context.step('open the product page', page.url());
          await context.attachBrowser(page);
          await context.step('read the price', page.url());
          attached.resolve();
          await watched.promise;
          await page.close();
          return { kind: 'blocked', code: 'merchant.no_safe_path', summary: 'Stopped by the test.' };
        },
      }),
    };
    try {
      harness.startRunner({ strategies: () => [strategy], liveView: server });
      const startUrl = `${harness.shop.url}/products/tshirt`;
      const runId = await createRun(harness.store, harness.clock, runInput(startUrl, '100.00'));
      await attached.promise;

      const snapshot = toRunSnapshot(foldRun(await readEvents(harness.store, runId)), {
        presentEmbedUrl: (embedUrl) => signed(embedUrl, runId),
      });
      expect(snapshot.browser?.permissions).toEqual(['read']);
      expect(snapshot.browser?.embedUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/live/${runId}\\?token=v1\\.`),
      );
      const viewer = await watch(snapshot.browser?.embedUrl ?? '');
      watched.resolve();

      await viewer.locator('#record').waitFor({ state: 'visible', timeout: 10_000 });
      await expect(viewer.locator('#outcome').textContent()).resolves.toBe(
        'The run ended: blocked (merchant.no_safe_path).',
      );
      await expect(viewer.locator('#steps li').allTextContents()).resolves.toEqual([
        `open the product page${startUrl}`,
        `read the price${startUrl}`,
      ]);
      expect(foldRun(await readEvents(harness.store, runId)).browser).toBeNull();
    } finally {
      watched.resolve();
      await harness.close();
    }
  }, 30_000);
});

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
};

/** The HTTP status a WebSocket handshake gets: 101 when it is accepted. */
const socketStatus = (url: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      resolve(101);
      socket.close();
    });
    socket.once('error', reject);
  });
