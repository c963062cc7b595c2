import { existsSync } from 'node:fs';
import { ManualClock } from '@paykit/kernel';
import { type Browser, chromium } from 'playwright-core';
import { type ReportsServer, orderOf, startReportsServer } from './reports-fixtures.js';

const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Skipped visibly without Chromium, except on CI, where a missing Chromium must fail. */
const describeWithChromium = existsSync(CHROMIUM_PATH) || process.env['CI'] === 'true' ? describe : describe.skip;

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describeWithChromium(`reconciliation page in headless Chromium (${CHROMIUM_PATH})`, () => {
  let api: ReportsServer;
  let browser: Browser;
  beforeAll(async () => {
    api = await startReportsServer({ clock: new ManualClock('2026-06-05T12:00:00.000Z') });
    const events = [1, 2, 3, 4].flatMap((day) => {
      const order = orderOf(api.shop.projectId, `order-${day}`, 'onramp', {
        createdAt: `2026-06-0${day}T09:00:00.000Z`,
        amount: `${day * 100}`,
        fee: '1',
      });
      const paidAt = `2026-06-0${day}T09:01:00.000Z`;
      // Day 3's delivery fails and is not refunded: an exception on that day.
      return day === 3
        ? [
            order.created(),
            order.paid(paidAt),
            order.deliveryFailed(`2026-06-0${day}T09:02:00.000Z`, 'slippage-tolerance-exceeded'),
          ]
        : [order.created(), order.paid(paidAt), order.deliveryStarted(paidAt), order.deliveryCompleted(paidAt)];
    });
    await api.append(events);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('renders the charts of daily volume and exceptions, the exceptions and the rows, with nothing loaded from outside', async () => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-api-key': api.shop.reportsKey },
      viewport: { width: 1000, height: 900 },
    });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(api.server.baseUrl)) outside.push(request.url());
    });
    const response = await page.goto(
      `${api.server.baseUrl}/unstable/reports/reconciliation?from=2026-06-01&to=2026-06-05&format=html`,
    );
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8');
    expect(await page.title()).toBe('Reconciliation 2026-06-01 to 2026-06-05');

    const charts = page.locator('#charts svg');
    expect(await charts.count()).toBe(2);
    const volume = charts.nth(0);
    expect(await volume.getAttribute('aria-label')).toBe('Daily volume received (usd)');
    // One bar per day of the range; heights follow the amounts (100, 200, 300, 400, 0).
    const bars = volume.locator('rect');
    expect(await bars.count()).toBe(5);
    const heights = await Promise.all(
      [0, 1, 2, 3, 4].map(async (index) => (await bars.nth(index).boundingBox())?.height ?? 0),
    );
    expect(heights[0]).toBeGreaterThan(0);
    expect(heights[1]! / heights[0]!).toBeCloseTo(2, 1);
    expect(heights[3]! / heights[0]!).toBeCloseTo(4, 1);
    expect(heights[4]).toBe(0);
    const exceptionBars = charts.nth(1).locator('rect');
    expect(await exceptionBars.nth(2).getAttribute('data-value')).toBe('1');
    expect((await exceptionBars.nth(2).boundingBox())?.height).toBeGreaterThan(0);

    expect(await page.locator('.counts .some').allTextContents()).toEqual(['paid-not-delivered: 1']);
    expect(await page.locator('table').nth(1).locator('tbody tr').count()).toBe(1);
    expect(await page.locator('table').nth(2).locator('tbody tr').count()).toBe(4);

    const screenshot = await page.screenshot({ fullPage: true });
    expect(screenshot.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngSize(screenshot).width).toBeGreaterThanOrEqual(1000);
    const chartShot = await volume.screenshot();
    // The chart's own size, give or take the pixel a fractional layout position rounds to.
    expect(Math.abs(pngSize(chartShot).width - 720)).toBeLessThanOrEqual(1);
    expect(Math.abs(pngSize(chartShot).height - 180)).toBeLessThanOrEqual(1);
    expect(outside).toEqual([]);
    await context.close();
  }, 60_000);
});
