import type { Money } from '@paykit/kernel';
import type { Page } from 'playwright-core';
import { collapse, textAt } from './controls.js';
import { parseMoneyText } from './money-text.js';

export interface OrderTotals {
  readonly items: Money | null;
  readonly shipping: Money | null;
  readonly tax: Money | null;
  readonly total: Money | null;
}

type Line = keyof OrderTotals;

const BY_ID: Readonly<Record<Line, readonly string[]>> = {
  items: ['[data-testid=subtotal]', '#subtotal'],
  shipping: ['[data-testid=shipping]', '#shipping', '#shipping-total'],
  tax: ['[data-testid=tax]', '#tax', '#tax-total'],
  total: ['[data-testid=total]', '#total', '[data-testid=order-total]', '#order-total', '#grand-total', '.grand-total'],
};

const LABELS: Readonly<Record<Line, RegExp>> = {
  items: /^(sub ?total|items?( total)?|merchandise( total)?)\b/i,
  shipping: /^(shipping|delivery|postage)\b/i,
  tax: /^(tax|taxes|vat|sales tax|gst)\b/i,
  total: /^(order |grand |estimated )?total\b/i,
};

/** Label/value pairs of the page's tables and description lists: "Total" -> "$18.86". */
const labelledValues = async (page: Page): Promise<{ label: string; value: string }[]> => {
  const rows = await page.locator('tr').evaluateAll((elements) =>
    elements.map((element) => [...(element as unknown as { querySelectorAll(selector: string): Iterable<{ innerText: string }> }).querySelectorAll('th, td')].map((cell) => cell.innerText)),
  );
  const terms = await page.locator('dt').evaluateAll((elements) =>
    elements.map((element) => {
      const term = element as unknown as { innerText: string; nextElementSibling: { innerText: string } | null };
      return [term.innerText, term.nextElementSibling?.innerText ?? ''];
    }),
  );
  return [...rows, ...terms]
    .filter((cells) => cells.length >= 2)
    .map((cells) => ({ label: collapse(cells[0] ?? ''), value: collapse(cells[cells.length - 1] ?? '') }));
};

/**
 * The order's items subtotal, shipping, tax and total as the review page states them: from
 * elements named for them (`#total`, `data-testid="tax"`), else from rows labelled so. Amounts
 * without a currency sign take `currency`.
 */
export const readTotals = async (page: Page, currency: string | undefined): Promise<OrderTotals> => {
  const pairs = await labelledValues(page);
  const read = async (line: Line): Promise<Money | null> => {
    const named = await textAt(page, BY_ID[line]);
    const text = named ?? pairs.find((pair) => LABELS[line].test(pair.label))?.value ?? null;
    return text ? parseMoneyText(text, currency) : null;
  };
  return { items: await read('items'), shipping: await read('shipping'), tax: await read('tax'), total: await read('total') };
};
