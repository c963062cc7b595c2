import type { BlockedCode } from '@paykit/checkout-runs';
import type { Locator, Page } from 'playwright-core';
import { UrlRefusedError } from '../../safety/http-errors.js';
import type { StrategyContext, StrategyOutcome } from '../../strategy/strategy-port.js';
import { wallOf } from '../page/walls.js';
import type { RunBrowser } from '../run-browser.js';
import type { StepScreenshots } from '../screenshots.js';

export const blocked = (code: BlockedCode, summary: string): StrategyOutcome => ({ kind: 'blocked', code, summary });

/**
 * The strategy's hands on its run's page: every action is preceded by a recorded step (with a
 * screenshot of the page it acts on), which is also where a cancel stops the run; navigations
 * refused by the URL guard surface as `UrlRefusedError`.
 */
export class BrowserDriver {
  constructor(
    readonly context: StrategyContext,
    readonly browser: RunBrowser,
    private readonly screenshots: StepScreenshots,
  ) {}

  get page(): Page {
    return this.browser.page;
  }

  async step(action: string, url = this.page.url()): Promise<void> {
    await this.context.step(action, url, await this.screenshots.capture(this.page));
  }

  open(url: string): Promise<void> {
    return this.navigating(() => this.page.goto(url, { waitUntil: 'load' }), url);
  }

  /** Clicks and waits for the page it leads to. */
  press(target: Locator): Promise<void> {
    return this.navigating(async () => {
      await target.click();
      await this.page.waitForLoadState('load');
    });
  }

  /** The outcome when the page is a wall an automated shopper cannot pass. */
  async wall(): Promise<StrategyOutcome | null> {
    const wall = await wallOf(this.page, this.browser.documentStatus);
    const origin = new URL(this.page.url()).origin;
    if (wall === 'human_verification') {
      return blocked('merchant.human_verification_required', `${origin} asked to verify that a human is shopping (a captcha) at ${this.page.url()}; nothing was bought.`);
    }
    if (wall === 'access_blocked') return blocked('merchant.access_blocked', `${origin} refused access (${this.page.url()}); nothing was bought.`);
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
