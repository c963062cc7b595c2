import type { Locator, Page } from 'playwright-core';

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

/** A button (or submit input) or a link whose accessible name matches, buttons first. */
export const control = (page: Page | Locator, name: RegExp): Promise<Locator | null> =>
  firstVisible([page.getByRole('button', { name }), page.getByRole('link', { name })]);

/** The visible text of the first visible element matching one of the selectors, whitespace collapsed. */
export const textAt = async (page: Page, selectors: readonly string[]): Promise<string | null> => {
  const found = await firstVisible(selectors.map((selector) => page.locator(selector)));
  return found ? collapse(await found.innerText()) : null;
};

/** The visible texts of the page's error messages (alerts), in document order. */
export const alertTexts = async (page: Page): Promise<string[]> => {
  const alerts = page.locator('[role=alert], [aria-live=assertive], .error:not(input):not(select), .alert-danger');
  const texts: string[] = [];
  for (let index = 0; index < (await alerts.count()); index++) {
    const alert = alerts.nth(index);
    if (await alert.isVisible()) texts.push(collapse(await alert.innerText()));
  }
  return texts.filter(Boolean);
};

export const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Whether the page shows an account as logged in (a log-out control). */
export const isLoggedIn = async (page: Page): Promise<boolean> => (await control(page, /\b(log ?out|sign ?out)\b/i)) !== null;
