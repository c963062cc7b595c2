import type { BlockedCode } from '@paykit/checkout-runs';
import type { Locator, Page, Request } from 'playwright-core';
import { UrlRefusedError } from '../../safety/http-errors.js';
import type { StrategyContext, StrategyOutcome } from '../../strategy/strategy-port.js';
import { checkPastOverlays, dismissOverlays } from '../page/overlays.js';
import { readiness } from '../page/readiness.js';
import { wallOf } from '../page/walls.js';
import type { RunBrowser } from '../run-browser.js';
import type { StepScreenshots } from '../screenshots.js';

/** How long to wait at most for a page's own requests to finish after an action. */
const SETTLE_MS = 3_000;
/** How long a page may show a loading mask (or no content at all) before it is taken as it is. */
const READY_MS = 10_000;
/** A page whose scripts have sent nothing for this long is taken to be done. */
const QUIET_MS = 250;
const TICK_MS = 50;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many times a reading cut off by a navigation is taken again on the new page. */
const READ_ATTEMPTS = 3;

/** The page went away under a reading: a script navigated (a variant switch reloading the page) after the page seemed settled. */
const cutOffByNavigation = (error: unknown): boolean =>
  /Execution context was destroyed|frame was detached|Cannot find context with specified id/i.test(
    (error as Error)?.message ?? '',
  );

export const blocked = (code: BlockedCode, summary: string): StrategyOutcome => ({ kind: 'blocked', code, summary });

/**
 * The strategy's hands on its run's page: every action is preceded by a recorded step (with a
 * screenshot of the page it acts on), which is also where a cancel stops the run; navigations
 * refused by the URL guard surface as `UrlRefusedError`.
 */
export class BrowserDriver {
  /** Requests of the page under way: a page is settled when there have been none for `QUIET_MS`. */
  private readonly pending = new Set<Request>();

  constructor(
    readonly context: StrategyContext,
    readonly browser: RunBrowser,
    private readonly screenshots: StepScreenshots,
  ) {
    const page = browser.page;
    // A response is enough: a body the page's script never reads is never reported finished.
    page.on('request', (request) => this.pending.add(request));
    page.on('response', (response) => this.pending.delete(response.request()));
    page.on('requestfailed', (request) => this.pending.delete(request));
  }

  get page(): Page {
    return this.browser.page;
  }

  async step(action: string, url = this.page.url()): Promise<void> {
    await this.context.step(action, url, await this.screenshots.capture(this.page));
  }

  async open(url: string): Promise<void> {
    await this.navigating(() => this.page.goto(url, { waitUntil: 'load' }), url);
    await this.settle();
  }

  /**
   * Clicks and waits for what it leads to: a new page, or the page's own scripts redrawing it
   * (a cart drawer, a single-page shop's next step). Overlays in the way are dismissed first.
   */
  async press(target: Locator): Promise<void> {
    await this.dismissOverlays();
    await this.navigating(async () => {
      await target.click();
      await this.page.waitForLoadState('load');
    });
    await this.settle();
  }

  /**
   * Lets the page finish what it started (requests of its scripts, a redirect) for up to
   * `SETTLE_MS`, waits until it is interactive as a person sees it (no loading mask, content
   * drawn, its shape no longer changing; up to `READY_MS`), then closes the cookie banners and
   * pop-ups that came with it.
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_MS;
    let quietSince = Date.now();
    await pause(TICK_MS);
    while (Date.now() < deadline) {
      if (this.pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) break;
      await pause(TICK_MS);
    }
    await this.page.waitForLoadState('load').catch(() => undefined);
    await this.untilInteractive();
    await this.dismissOverlays();
  }

  /**
   * Reads the page; a reading a late navigation cut off (the page's script navigated after it
   * looked settled, as Shopware's variant switch does after a pause) is taken again once the new
   * page has settled.
   */
  async read<T>(reading: (page: Page) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await reading(this.page);
      } catch (error) {
        if (attempt >= READ_ATTEMPTS || !cutOffByNavigation(error)) throw error;
        await this.settle();
      }
    }
  }

  /** Waits while the page shows it is loading or its scripts are still redrawing it, and its requests are under way. */
  private async untilInteractive(): Promise<void> {
    const deadline = Date.now() + READY_MS;
    let before = await readiness(this.page);
    while (Date.now() < deadline) {
      await pause(TICK_MS * 2);
      const now = await readiness(this.page);
      if (!now.busy && !before.busy && now.shape === before.shape && this.pending.size === 0) return;
      before = now;
    }
  }

  /** Ticks a radio or checkbox (a delivery, a payment method, the terms), closing any pop-up over it first. */
  check(target: Locator): Promise<void> {
    return checkPastOverlays(this.page, target, (what) => this.step(what));
  }

  /** Closes cookie banners and pop-ups over the page, each a recorded step. */
  dismissOverlays(): Promise<number> {
    return dismissOverlays(this.page, (what) => this.step(what));
  }

  /** The outcome when the page is a wall an automated shopper cannot pass. */
  async wall(): Promise<StrategyOutcome | null> {
    const wall = await wallOf(this.page, this.browser.documentStatus);
    const origin = new URL(this.page.url()).origin;
    if (wall === 'human_verification') {
      return blocked(
        'merchant.human_verification_required',
        `${origin} asked to verify that a human is shopping (a captcha) at ${this.page.url()}; nothing was bought.`,
      );
    }
    if (wall === 'access_blocked')
      return blocked('merchant.access_blocked', `${origin} refused access (${this.page.url()}); nothing was bought.`);
    return null;
  }

  /** Runs a navigation; one the URL guard refused surfaces as `UrlRefusedError`. */
  private async navigating(action: () => Promise<unknown>, target?: string): Promise<void> {
    const mark = this.browser.refusalCount;
    const refused = (url: string | undefined) => {
      const found = this.browser.refusalSince(mark, url);
      return found ? new UrlRefusedError(found.url, found.refusal) : null;
    };
    try {
      await action();
    } catch (error) {
      throw refused(target) ?? error;
    }
    const refusal = this.browser.documentRefused ? refused(this.browser.documentUrl ?? target) : null;
    if (refusal) throw refusal;
  }
}
