import { existsSync } from 'node:fs';
import type { CheckoutStrategy, StrategyContext } from '@paykit/checkout-agent';
import { type Browser, chromium } from 'playwright-core';
import { type StandaloneRunner, startStandaloneRunner } from '../../src/agent-checkouts/runner/standalone-runner.js';
import { type Harness, isFinalSnapshot, runBody, startHarness, waitForRun } from './support/harness.js';
import { RunnerOverridesModule } from './support/runner-overrides.module.js';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(CHROMIUM_PATH) && process.env.CI === 'true')
  throw new Error(`Chromium not found at ${CHROMIUM_PATH} (CI=true)`);
const describeWithChromium = existsSync(CHROMIUM_PATH) ? describe : describe.skip;
const TITLE = existsSync(CHROMIUM_PATH)
  ? 'live view links'
  : `live view links [skipped: Chromium not found at ${CHROMIUM_PATH}]`;

/**
 * A strategy standing in for the browser one: opens the start URL in a page, attaches it as the
 * run's browser, records a step, and holds the page open until the test releases it.
 */
const attachingStrategy = (browser: () => Browser, release: Promise<void>): CheckoutStrategy => ({
  name: 'attaching',
  recognise: async () => ({
    run: async (context: StrategyContext) => {
      const page = await browser().newPage();
      try {
        await page.goto(context.input.request.startUrl);
        await context.attachBrowser(page);
        await context.step('open the product page', page.url());
        await release;
      } finally {
        await page.close();
      }
      return { kind: 'blocked', code: 'merchant.no_safe_path', summary: 'Stopped by the test.' };
    },
  }),
});

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
};

const tampered = (embedUrl: string): string => {
  const url = new URL(embedUrl);
  const token = url.searchParams.get('token') ?? '';
  url.searchParams.set('token', `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
  return url.toString();
};

describeWithChromium(TITLE, () => {
  let browser: Browser;
  // A browser, a shop and an API per test: well above jest's 5 s on a loaded machine.
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('hands out a signed read-only embedUrl while the in-process runner’s browser is attached, showing the page and then the steps', async () => {
    const release = deferred();
    const h: Harness = await startHarness({
      imports: [RunnerOverridesModule.with({ strategies: () => [attachingStrategy(() => browser, release.promise)] })],
    });
    try {
      const created = await h.call('POST', '/unstable/agent-checkouts', {
        body: runBody(h.product('tshirt'), '100.00'),
      });
      expect(created.status).toBe(202);
      const runId: string = created.body.runId;
      const running = await waitForRun(h, runId, (snapshot) => snapshot.browser !== null);

      expect(running.browser.permissions).toEqual(['read']);
      const embedUrl: string = running.browser.embedUrl;
      expect(embedUrl).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/live/${runId}\\?token=v1\\.\\d+\\.[A-Za-z0-9_-]+$`),
      );
      expect((await fetch(embedUrl)).status).toBe(200);
      expect((await fetch(embedUrl.replace(/\?.*$/, ''))).status).toBe(403);
      expect((await fetch(tampered(embedUrl))).status).toBe(403);

      const viewer = await browser.newPage();
      try {
        await viewer.goto(embedUrl);
        await viewer.waitForSelector('body[data-frames]', { timeout: 10_000 });
        release.resolve();
        const ended = await waitForRun(h, runId, isFinalSnapshot);
        expect(ended.browser).toBeNull();
        await viewer.locator('#record').waitFor({ state: 'visible', timeout: 10_000 });
        await expect(viewer.locator('#steps li').allTextContents()).resolves.toEqual([
          `open the product page${h.product('tshirt')}`,
        ]);
      } finally {
        await viewer.close();
      }
    } finally {
      release.resolve();
      await h.close();
    }
  }, 30_000);

  it('is served by a separate runner, which accepts the API’s tokens (same secrets key)', async () => {
    const release = deferred();
    const h: Harness = await startHarness({ env: { EVENT_STORE: 'sqlite', AGENT_CHECKOUT_RUNNER: 'off' } });
    let runner: StandaloneRunner | null = null;
    try {
      runner = await startStandaloneRunner({
        env: h.env,
        overrides: { strategies: () => [attachingStrategy(() => browser, release.promise)] },
      });
      const created = await h.call('POST', '/unstable/agent-checkouts', { body: runBody(h.product('mug'), '100.00') });
      const running = await waitForRun(h, created.body.runId, (snapshot) => snapshot.browser !== null);
      const page = await fetch(running.browser.embedUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect((await fetch(tampered(running.browser.embedUrl))).status).toBe(403);
      release.resolve();
      await waitForRun(h, created.body.runId, isFinalSnapshot);
    } finally {
      release.resolve();
      await runner?.stop();
      await h.close();
    }
  }, 30_000);
});
