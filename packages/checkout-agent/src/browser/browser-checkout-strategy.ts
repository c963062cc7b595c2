import type { IdGenerator } from '@paykit/kernel';
import type { UrlGuard } from '../safety/url-guard.js';
import type { CheckoutStrategy } from '../strategy/strategy-port.js';
import { BrowserCheckout, locationUnsupported } from './browser-checkout.js';
import type { BrowserSettings } from './browser-settings.js';
import type { SharedChromium } from './shared-chromium.js';

export interface BrowserStrategyOptions {
  readonly settings: BrowserSettings;
  /** The runner's one Chromium, shared by its runs. */
  readonly chromium: SharedChromium;
  /** The runner's URL guard: every request of the browser passes it. */
  readonly guard: UrlGuard;
  readonly ids: IdGenerator;
}

/**
 * Checks out on the merchant's own web pages in headless Chromium: the strategy for shops
 * without an agentic-checkout API, so it comes after that one. It takes any merchant while
 * Chromium is installed.
 */
export const browserCheckoutStrategy = (options: BrowserStrategyOptions): CheckoutStrategy => ({
  name: 'browser',
  async recognise(context) {
    if (await options.chromium.installed()) return new BrowserCheckout(options);
    context.logger.warn(
      { runId: context.runId },
      'no Chromium at the configured path: the browser strategy is unavailable',
    );
    return null;
  },
});

/**
 * Ends a run that asks to browse from a country no egress proxy is configured for, before any
 * strategy opens the merchant (the first strategy of the list).
 */
export const browserLocationGate = (settings: Pick<BrowserSettings, 'proxies'>): CheckoutStrategy => ({
  name: 'browser-location',
  async recognise(context) {
    const country = context.input.browser?.location?.countryCode;
    if (country === undefined || settings.proxies?.[country]) return null;
    return { run: async () => locationUnsupported(country) };
  },
});
