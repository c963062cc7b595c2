import type { IdGenerator } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { type TaskHints, readTask } from '../merchant-page/task-hints.js';
import type { UrlGuard } from '../safety/url-guard.js';
import type { PreparedCheckout, StrategyContext, StrategyOutcome } from '../strategy/strategy-port.js';
import type { BrowserSettings } from './browser-settings.js';
import { BuyerValues } from './buyer/buyer-values.js';
import { addToCart, hasQuantityField } from './flow/add-to-cart.js';
import { chooseProduct } from './flow/choose-product.js';
import { checkOut } from './flow/checkout-steps.js';
import { BrowserDriver } from './flow/driver.js';
import { type SecretReader, accountInTask, logIn } from './flow/login.js';
import { normal } from './page/words.js';
import type { Purchase } from './flow/place-order.js';
import { goToCheckout } from './flow/to-checkout.js';
import { dismissLateOverlays } from './page/overlays.js';
import type { ProfileUse } from './profile-store.js';
import { RunBrowser } from './run-browser.js';
import { StepScreenshots } from './screenshots.js';
import type { SharedChromium } from './shared-chromium.js';

export interface BrowserCheckoutDeps {
  readonly settings: BrowserSettings;
  readonly chromium: SharedChromium;
  readonly guard: UrlGuard;
  readonly ids: IdGenerator;
}

const isOutcome = (value: object): value is StrategyOutcome => 'kind' in value;

/** A protected answer from the blob store, read once and then deleted. */
const secretReader = (settings: BrowserSettings): SecretReader | null => {
  const blobs = settings.blobs;
  if (!blobs) return null;
  return async (secretRef) => {
    const stored = await blobs.get(secretRef);
    if (E.isLeft(stored) || !stored.right) return null;
    await blobs.delete(secretRef);
    return Buffer.from(stored.right.bytes).toString('utf8');
  };
};

/**
 * A purchase on the shop's own pages in the run's browser, without any model, the way a careful
 * person shops: the product's availability and price read first, the options the task names
 * (never others), the cart, the checkout steps filled in by meaning, and on the page of the
 * final click its total, checked against maxCost, before that one click.
 */
export class BrowserCheckout implements PreparedCheckout {
  constructor(private readonly deps: BrowserCheckoutDeps) {}

  async run(context: StrategyContext): Promise<StrategyOutcome> {
    const { settings } = this.deps;
    const country = context.input.browser?.location?.countryCode;
    const upstream = country === undefined ? undefined : settings.proxies?.[country];
    if (country !== undefined && !upstream) return locationUnsupported(country);
    const profileId = context.input.browser?.profileId;
    const profile: ProfileUse | null = profileId ? { runId: context.runId, profileId } : null;
    const storageState = profile && settings.profiles ? await settings.profiles.load(profile) : null;
    const browser = await RunBrowser.open({
      chromium: this.deps.chromium,
      guard: this.deps.guard,
      ...(upstream ? { upstream } : {}),
      ...(storageState ? { storageState } : {}),
      actionTimeoutMs: settings.actionTimeoutMs ?? 15_000,
      logger: context.logger,
      runId: context.runId,
    });
    // A killed runner stops at once: closing the browser fails whatever the page was doing.
    const onKill = () => void browser.close();
    context.signal.addEventListener('abort', onKill, { once: true });
    try {
      await context.attachBrowser(browser.page);
      const driver = new BrowserDriver(
        context,
        browser,
        new StepScreenshots(settings.blobs, context.runId, this.deps.ids, context.logger),
      );
      return await this.purchase(driver, readTask(context.input.request.task));
    } finally {
      context.signal.removeEventListener('abort', onKill);
      if (profile && settings.profiles && !context.signal.aborted) await this.saveProfile(context, browser, profile);
      await browser.close();
    }
  }

  private async purchase(driver: BrowserDriver, hints: TaskHints): Promise<StrategyOutcome> {
    const { context } = driver;
    const startUrl = context.input.request.startUrl;
    await dismissLateOverlays(driver.page, (what) => driver.step(what));
    await driver.step('Open the start page', startUrl);
    await driver.open(startUrl);
    const wall = await driver.wall();
    if (wall) return wall;
    const account = accountInTask(context.input.request.task);
    if (account) {
      const loggedIn = await logIn(driver, account, secretReader(this.deps.settings));
      if (loggedIn) return loggedIn;
      if (driver.page.url() !== startUrl) {
        await driver.step('Return to the start page', startUrl);
        await driver.open(startUrl);
      }
    }
    const chosen = await chooseProduct(driver, hints);
    if (isOutcome(chosen)) return chosen;
    const { product, options } = chosen;
    const named = options.filter((option) => !normal(product.name).includes(normal(option.label)));
    const what =
      named.length > 0 ? `${product.name} (${named.map((option) => option.label).join(', ')})` : product.name;
    // Without a quantity field on the product page, one is added and the cart's quantity set.
    const onProductPage = hints.quantity === 1 || (await hasQuantityField(driver));
    const currency = product.variants.find((variant) => variant.price)?.price?.currency;
    const stopped =
      (await addToCart(driver, what, onProductPage ? hints.quantity : 1, options.length > 0)) ??
      (await goToCheckout(driver, currency, onProductPage ? 1 : hints.quantity));
    if (stopped) return stopped;
    const purchase: Purchase = {
      productName: what,
      quantity: hints.quantity,
      currency,
      chosen: options,
      notices: new Set(),
    };
    return checkOut(driver, { purchase, hints, buyer: new BuyerValues(context.buyer) });
  }

  private async saveProfile(context: StrategyContext, browser: RunBrowser, profile: ProfileUse): Promise<void> {
    try {
      const saved = await this.deps.settings.profiles?.save(profile, await browser.storageState());
      context.logger.info({ runId: context.runId, saved }, 'browser profile state saved');
    } catch (error) {
      context.logger.warn({ runId: context.runId, err: (error as Error).message }, 'browser profile state not saved');
    }
  }
}

export const locationUnsupported = (country: string): StrategyOutcome => ({
  kind: 'failed',
  reason: 'browser_location_unsupported',
  detail: `No browser egress is configured for ${country}, so the run cannot browse from there; nothing was browsed or bought.`,
});
