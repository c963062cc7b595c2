import { collapse } from '../page/controls.js';
import { MARKETING, TERMS } from '../page/vocabulary.js';
import type { BrowserDriver } from './driver.js';

/**
 * Ticks the checkboxes the checkout requires to place the order and that are the shop's terms
 * of sale: a condition of the purchase the user asked for. Optional boxes, and anything about
 * newsletters or marketing, stay as they are.
 */
export const acceptRequiredTerms = async (driver: BrowserDriver): Promise<void> => {
  const boxes = driver.page.locator('input[type=checkbox]:not(:checked):is([required], [aria-required=true])');
  for (let index = (await boxes.count()) - 1; index >= 0; index--) {
    const box = boxes.nth(index);
    const label = collapse(
      await box.evaluate((element) => {
        const input = element as unknown as {
          labels: { innerText: string }[] | null;
          parentElement: { innerText: string } | null;
        };
        return input.labels?.[0]?.innerText ?? input.parentElement?.innerText ?? '';
      }),
    );
    if (!TERMS.test(label) || MARKETING.test(label)) continue;
    await driver.step(`Accept the shop's terms to place the order ("${label.slice(0, 120)}")`);
    await driver.check(box);
  }
};
