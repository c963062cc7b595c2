import { Decimal, type Money } from '@paykit/kernel';
import type { TaskHints } from '../../merchant-page/task-hints.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, collapse, firstVisible } from '../page/controls.js';
import { parseMoneyText } from '../page/money-text.js';
import { problemOfMessage } from '../page/page-problems.js';
import { type OrderTotals, readTotals } from '../page/totals.js';
import { type BrowserDriver, blocked } from './driver.js';

const FAST = /\b(express|overnight|next[\s-]day|priority|expedited|fastest)\b/i;
const PRICE_CHANGE = /\bprice\b.{0,120}\b(changed|increased|went up|is now)\b/i;

export interface Review {
  readonly total: Money;
  readonly totals: OrderTotals;
  /** What the page said about a price that changed since the product page, if anything. */
  readonly priceChange: string | null;
}

interface DeliveryOption {
  readonly index: number;
  readonly label: string;
  readonly checked: boolean;
  readonly amount: Money | null;
}

const deliveryOptions = async (driver: BrowserDriver, currency: string | undefined): Promise<DeliveryOption[]> => {
  const radios = driver.page.locator('input[type=radio][name*=ship i], input[type=radio][name*=deliver i], input[type=radio][name*=fulfil i]');
  const options: DeliveryOption[] = [];
  for (let index = 0; index < (await radios.count()); index++) {
    const radio = radios.nth(index);
    const label = collapse(
      await radio.evaluate((element) => {
        const input = element as unknown as { labels: { innerText: string }[] | null; parentElement: { innerText: string } | null };
        return input.labels?.[0]?.innerText ?? input.parentElement?.innerText ?? '';
      }),
    );
    const amountText = /\bfree\b/i.test(label) ? '0' : (/(\p{Sc}|[A-Z]{3})?\s?\d[\d.,]*\s?(\p{Sc})?\s*$/u.exec(label)?.[0] ?? null);
    options.push({ index, label, checked: await radio.isChecked(), amount: amountText === null ? null : parseMoneyText(amountText, currency) });
  }
  return options;
};

const amountOf = (option: DeliveryOption): Decimal => (option.amount ? new Decimal(option.amount.amount) : new Decimal(Number.MAX_SAFE_INTEGER));

/** The delivery the task asks for: the cheapest, or the fastest-sounding when it asks for speed. */
const preferred = (options: readonly DeliveryOption[], hints: TaskHints): DeliveryOption | null => {
  const byPrice = [...options].sort((a, b) => amountOf(a).comparedTo(amountOf(b)));
  if (hints.delivery === 'fastest') return byPrice.find((option) => FAST.test(option.label)) ?? byPrice[byPrice.length - 1] ?? null;
  return byPrice[0] ?? null;
};

const chooseDelivery = async (driver: BrowserDriver, hints: TaskHints, currency: string | undefined): Promise<void> => {
  const options = await deliveryOptions(driver, currency);
  const choice = preferred(options, hints);
  if (!choice || choice.checked) return;
  const radios = driver.page.locator('input[type=radio][name*=ship i], input[type=radio][name*=deliver i], input[type=radio][name*=fulfil i]');
  const radio = radios.nth(choice.index);
  await driver.step(`Choose delivery: ${choice.label}`);
  await radio.check();
  const update = await firstVisible([radio.locator('xpath=ancestor::form[1]').locator('button[type=submit], input[type=submit]')]);
  if (update) await driver.press(update);
  else await driver.page.waitForLoadState('load');
};

/**
 * The review page: problems the shop reports (an item it cannot ship to the address, stock
 * gone), the delivery the task wants, a price that changed since the product page, and the
 * final total (items, shipping, tax) that is compared with maxCost before any payment.
 */
export const reviewOrder = async (driver: BrowserDriver, hints: TaskHints, currency: string | undefined): Promise<Review | StrategyOutcome> => {
  const { page } = driver;
  const problems = async (): Promise<StrategyOutcome | null> => {
    for (const message of await alertTexts(page)) {
      const problem = problemOfMessage(message);
      if (problem?.code === 'merchant.fulfillment_unavailable') return blocked(problem.code, `The shop cannot deliver this order: "${problem.message}"; nothing was bought.`);
      if (problem?.code === 'product.item_unavailable') return blocked(problem.code, `The shop reports at review: "${problem.message}"; nothing was bought.`);
    }
    return null;
  };
  const early = await problems();
  if (early) return early;
  await chooseDelivery(driver, hints, currency);
  const late = (await driver.wall()) ?? (await problems());
  if (late) return late;
  const totals = await readTotals(page, currency);
  if (!totals.total) return blocked('merchant.no_safe_path', `Could not read the order total on ${page.url()}; nothing was bought.`);
  const notices = await page.locator('.notice, [role=status], [data-testid*=price-change], [role=alert]').allInnerTexts();
  const priceChange = notices.map(collapse).find((text) => PRICE_CHANGE.test(text)) ?? null;
  return { total: totals.total, totals, priceChange };
};
