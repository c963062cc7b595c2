import { collapse } from '../page/controls.js';
import { MARKETING, TERMS } from '../page/vocabulary.js';
import type { BrowserDriver } from './driver.js';

/**
 * Ticks the checkboxes the checkout requires to place the order and that are the shop's terms
 * of sale: a condition of the purchase the user asked for. Optional boxes, and anything about
 * newsletters or marketing, stay as they are.
 */
export const acceptRequiredTerms = async (driver: BrowserDriver): Promise<void> => {
  const boxes = driver.page.locator('input[type=checkbox]:not(:checked)');
  for (let index = (await boxes.count()) - 1; index >= 0; index--) {
    const box = boxes.nth(index);
    const { text, required } = await box.evaluate((element) => {
      const input = element as unknown as {
        required: boolean;
        getAttribute(name: string): string | null;
        labels: { innerText: string }[] | null;
        parentElement: { innerText: string } | null;
        closest(selector: string): unknown;
      };
      const text = input.labels?.[0]?.innerText ?? input.parentElement?.innerText ?? '';
      // Shops that check on the server (WooCommerce) mark the box required in its row only: a "*" or a required class.
      const marked = input.closest('.validate-required, .required') !== null || /\*\s*$/.test(text.trim());
      return { text, required: input.required || input.getAttribute('aria-required') === 'true' || marked };
    });
    const label = collapse(text).replace(/\s*\*$/, '');
    if (!required || !TERMS.test(label) || MARKETING.test(label)) continue;
    await driver.step(`Accept the shop's terms to place the order ("${label.slice(0, 120)}")`);
    await driver.check(box);
  }
};
