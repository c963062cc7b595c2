import type { Frame, Locator, Page } from 'playwright-core';

/** The first of `locators` that is on the page and visible, in the order given. */
export const firstVisible = async (locators: readonly Locator[]): Promise<Locator | null> => {
  for (const locator of locators) {
    const count = await locator.count();
    for (let index = 0; index < count; index++) {
      const candidate = locator.nth(index);
      if (await candidate.isVisible()) return candidate;
    }
  }
  return null;
};

export interface ControlOptions {
  /** Names that disqualify a control even when `name` matches ("Add to cart" is not the cart). */
  readonly exclude?: RegExp;
}

/** The accessible name of a control, as a person reads it (value of a submit input, aria-label of an icon button). */
export const nameOf = async (control: Locator, timeout?: number): Promise<string> =>
  collapse(
    (await control.evaluate(
      (element) => {
        const node = element as unknown as {
          innerText?: string;
          value?: string;
          getAttribute(name: string): string | null;
        };
        return node.getAttribute('aria-label') || node.innerText || node.value || node.getAttribute('title') || '';
      },
      undefined,
      timeout === undefined ? {} : { timeout },
    )) ?? '',
  );

/**
 * A button (or submit input) or a link whose accessible name matches, buttons first, leaving out
 * those whose name matches `exclude`; controls inside an open dialog (a cart drawer or modal)
 * come before the rest of the page.
 */
export const control = async (
  scope: Page | Frame | Locator,
  name: RegExp,
  options: ControlOptions = {},
): Promise<Locator | null> => {
  const inDialog =
    'locator' in scope && !('nth' in scope) ? scope.locator('[role=dialog], [aria-modal=true], dialog[open]') : null;
  const scopes = inDialog ? [inDialog, scope] : [scope];
  for (const where of scopes) {
    for (const role of ['button', 'link'] as const) {
      const candidates = where.getByRole(role, { name });
      for (let index = 0; index < (await candidates.count()); index++) {
        const candidate = candidates.nth(index);
        if (!(await candidate.isVisible())) continue;
        if (options.exclude && options.exclude.test(await nameOf(candidate))) continue;
        return candidate;
      }
    }
  }
  return null;
};

/** The visible text of the first visible element matching one of the selectors, whitespace collapsed. */
export const textAt = async (page: Page, selectors: readonly string[]): Promise<string | null> => {
  const found = await firstVisible(selectors.map((selector) => page.locator(selector)));
  return found ? collapse(await found.innerText()) : null;
};

/**
 * The visible texts of the page's messages to the shopper: alerts, live regions, and elements
 * styled as errors or alerts (a shop's "alert-error" box has no role more often than not).
 */
export const alertTexts = async (page: Page): Promise<string[]> => {
  const alerts = page.locator(
    '[role=alert], [aria-live=assertive], .error:not(input):not(select):not(textarea), .alert-danger, [class*=alert-error], [class*=error-message], .errors, .flash-error, .notice-error',
  );
  const texts: string[] = [];
  for (let index = 0; index < (await alerts.count()); index++) {
    const alert = alerts.nth(index);
    if (await alert.isVisible()) texts.push(collapse(await alert.innerText()));
  }
  return [...new Set(texts.filter(Boolean))];
};

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Whether the page shows an account as logged in (a log-out control). */
export const isLoggedIn = async (page: Page): Promise<boolean> =>
  (await control(page, /\b(log ?out|sign ?out)\b/i)) !== null;
