import type { IdGenerator } from '@paykit/kernel';
import type { Page } from 'playwright-core';
import type { BrowserSettings } from '../browser/browser-settings.js';
import { RunBrowser } from '../browser/run-browser.js';
import { StepScreenshots } from '../browser/screenshots.js';
import type { SharedChromium } from '../browser/shared-chromium.js';
import type { UrlGuard } from '../safety/url-guard.js';
import type { StrategyContext } from '../strategy/strategy-port.js';

/** The run's browser page as the model strategy drives it. */
export interface ModelBrowser {
  readonly page: Page;
  /** Records a step before an action (where the browser takes screenshots, with one). */
  step(action: string): Promise<void>;
  close(): Promise<void>;
}

/** Opens a run's browser: a guarded context of the runner's shared Chromium in production. */
export type OpenModelBrowser = (context: StrategyContext) => Promise<ModelBrowser>;

/**
 * The model strategy's browser in a runner: the same guarded context of the shared Chromium as
 * the browser strategy's (every request through the URL guard, the run's egress proxy), with a
 * screenshot recorded at every step. Saved profiles are the browser strategy's alone.
 */
export const runBrowserOpener =
  (deps: {
    readonly settings: BrowserSettings;
    readonly chromium: SharedChromium;
    readonly guard: UrlGuard;
    readonly ids: IdGenerator;
  }): OpenModelBrowser =>
  async (context) => {
    const country = context.input.browser?.location?.countryCode;
    const upstream = country === undefined ? undefined : deps.settings.proxies?.[country];
    const browser = await RunBrowser.open({
      chromium: deps.chromium,
      guard: deps.guard,
      ...(upstream ? { upstream } : {}),
      actionTimeoutMs: deps.settings.actionTimeoutMs ?? 15_000,
      logger: context.logger,
      runId: context.runId,
    });
    const screenshots = new StepScreenshots(deps.settings.blobs, context.runId, deps.ids, context.logger);
    const onKill = () => void browser.close();
    context.signal.addEventListener('abort', onKill, { once: true });
    return {
      page: browser.page,
      step: async (action) => context.step(action, browser.page.url(), await screenshots.capture(browser.page)),
      close: async () => {
        context.signal.removeEventListener('abort', onKill);
        await browser.close();
      },
    };
  };
