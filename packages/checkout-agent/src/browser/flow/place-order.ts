import { Decimal, type Money } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { Locator } from 'playwright-core';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { control, nameOf } from '../page/controls.js';
import { meaningOf } from '../page/field-meaning.js';
import { type PageField, readFields } from '../page/fields.js';
import { parseMoneyText } from '../page/money-text.js';
import { readTotals } from '../page/totals.js';
import { ADD_TO_CART, FINAL } from '../page/vocabulary.js';
import type { ChosenOption } from './choose-options.js';
import { type Paid, readConfirmation, reconciliation } from './confirmation.js';
import { type BrowserDriver, blocked } from './driver.js';
import { normal } from '../page/words.js';
import { choosePaymentByToken } from './shipping.js';

/** What is being bought, and what the run has seen on the way (for the checks before the final click). */
export interface Purchase {
  readonly productName: string;
  readonly quantity: number;
  readonly currency: string | undefined;
  readonly chosen: readonly ChosenOption[];
  /** Price changes the shop announced on the way, told to the user before paying. */
  readonly notices: Set<string>;
}

/** A payment declared (within maxCost) and its token handed to a payment page that comes before the review. */
export interface Declared {
  readonly attemptId: string;
  readonly total: Money;
}

/** The final button of the page and the payment token field that goes with it. */
export interface FinalStep {
  readonly button: Locator;
  readonly token: PageField | null;
}

const same = (a: Money, b: Money) => a.currency === b.currency && new Decimal(a.amount).equals(new Decimal(b.amount));

/** The page's payment token field (in the page or in an embedded payment form), if it shows one. */
export const tokenField = async (driver: BrowserDriver): Promise<PageField | null> =>
  (await readFields(driver.page)).find((field) => meaningOf(field) === 'paymentToken') ?? null;

/** The button that places the order on this page: the one in the payment token's form when there are several. */
export const finalStep = async (driver: BrowserDriver): Promise<FinalStep | null> => {
  const token = await tokenField(driver);
  const form = token ? token.locator.locator('xpath=ancestor::form[1]') : null;
  const inForm = form && (await form.count()) > 0 ? await control(form, FINAL, { exclude: ADD_TO_CART }) : null;
  const button = inForm ?? (await control(driver.page, FINAL, { exclude: ADD_TO_CART }));
  return button ? { button, token } : null;
};

/**
 * The fields of the final button's form the browser would refuse to submit (required and empty,
 * malformed), the payment token's own field aside: pressing the button then would submit
 * nothing, and a click that submits nothing must not pass for a payment.
 */
const invalidFields = async (button: Locator, token: PageField | null): Promise<string[]> => {
  const tokenMark = token
    ? await token.locator
        .evaluate(
          (element) =>
            (element as unknown as { name: string; id: string }).name || (element as unknown as { id: string }).id,
        )
        .catch(() => null)
    : null;
  return button.evaluate((element, skip) => {
    type Field = {
      name: string;
      id: string;
      willValidate: boolean;
      checkValidity(): boolean;
      labels: { innerText: string }[] | null;
    };
    const form = (element as unknown as { form: { elements: Iterable<Field> } | null }).form;
    if (!form) return [];
    return [...form.elements]
      .filter(
        (field) => field.willValidate && !field.checkValidity() && (skip === null || (field.name || field.id) !== skip),
      )
      .map((field) => (field.labels?.[0]?.innerText ?? '').replace(/\s+/g, ' ').trim() || field.name || field.id);
  }, tokenMark);
};

/** Another item than the one chosen on the page of the final click: an option of the same group named, the chosen one not. */
const wrongItem = async (driver: BrowserDriver, chosen: readonly ChosenOption[]): Promise<string | null> => {
  const text = ` ${normal(await driver.page.locator('body').innerText())} `;
  const says = (label: string) => normal(label).length >= 2 && text.includes(` ${normal(label)} `);
  for (const option of chosen) {
    const other = option.others.find((label) => normal(label).length >= 3 && says(label));
    if (other && !says(option.label))
      return `The order at ${driver.page.url()} lists ${other} instead of ${option.label}; nothing was paid.`;
  }
  return null;
};

/**
 * The one irreversible step, on the page that has it: read the total this page shows, check it
 * (against the amount on the button, the payment declared earlier, maxCost through
 * `startPayment`), type the payment token, press the button once, and read what the shop says.
 * It is never pressed a second time, whatever the page shows after.
 */
export const placeOrder = async (
  driver: BrowserDriver,
  purchase: Purchase,
  step: FinalStep,
  declared: Declared | null,
): Promise<StrategyOutcome> => {
  const { page, context } = driver;
  const url = page.url();
  let { button, token } = step;
  const notPaid = async (outcome: StrategyOutcome): Promise<StrategyOutcome> => {
    if (declared) await context.paymentNotCharged(declared.attemptId);
    return outcome;
  };
  if (!token && !declared && (await choosePaymentByToken(driver)))
    ({ button, token } = (await finalStep(driver)) ?? { button, token });
  if (!token && !declared) {
    return blocked(
      'merchant.no_safe_path',
      `The payment form at ${url} takes only typed card details, and the agent pays only with card-vault tokens; nothing was bought.`,
    );
  }
  const total = (await readTotals(page, purchase.currency)).total;
  if (!total)
    return notPaid(
      blocked(
        'merchant.no_safe_path',
        `Could not read the order total on ${url}, the page where the order is placed; nothing was bought.`,
      ),
    );
  const label = await nameOf(button);
  const stated = /\d/.test(label) ? parseMoneyText(label, total.currency) : null;
  if (stated && !same(stated, total)) {
    return notPaid(
      blocked(
        'merchant.checkout_error',
        `The button "${label}" at ${url} states ${stated.amount} ${stated.currency}, not the order total of ${total.amount} ${total.currency}; nothing was paid.`,
      ),
    );
  }
  const wrong = await wrongItem(driver, purchase.chosen);
  if (wrong) return notPaid(blocked('merchant.checkout_error', wrong));
  const incomplete = await invalidFields(button, token);
  if (incomplete.length > 0) {
    return notPaid(
      blocked(
        'merchant.checkout_error',
        `The order form at ${url} would not be accepted as filled in (${incomplete.join(', ')}); nothing was paid.`,
      ),
    );
  }
  for (const notice of purchase.notices)
    await context.tell(
      `The shop changed a price at review: "${notice}" The final total is ${total.amount} ${total.currency}.`,
    );
  purchase.notices.clear();
  let attemptId: string;
  if (declared) {
    if (!same(declared.total, total)) {
      return notPaid(
        blocked(
          'merchant.checkout_error',
          `The review page ${url} shows a total of ${total.amount} ${total.currency}, not the ${declared.total.amount} ${declared.total.currency} the payment was given for; nothing was paid.`,
        ),
      );
    }
    await driver.step(`Place the order of ${total.amount} ${total.currency}`);
    attemptId = declared.attemptId;
  } else {
    const started = await declarePayment(driver, total);
    if ('kind' in started) return started;
    attemptId = started.attemptId;
    if (token) await typeToken(token, started.token);
  }
  try {
    await button.click();
  } catch {
    return reconciliation({ total }, url);
  }
  await driver.settle();
  const paid: Paid = { total, productName: purchase.productName, quantity: purchase.quantity, attemptId };
  return readConfirmation(driver, paid);
};

/**
 * Declares the payment of `total` before any money can move: the card-vault token first (a
 * vault outage pays nothing), then `startPayment`, which refuses a total above maxCost.
 */
export const declarePayment = async (
  driver: BrowserDriver,
  total: Money,
): Promise<{ attemptId: string; token: { token: string; provider: string } } | StrategyOutcome> => {
  const { context } = driver;
  const token = await context.paymentToken();
  if (E.isLeft(token))
    return { kind: 'failed', reason: 'runtime_error', detail: `No card token to pay with: ${token.left.message}` };
  await driver.step(`Pay ${total.amount} ${total.currency}`);
  const start = await context.startPayment(total);
  if (start.kind === 'over_max_cost') {
    const { maxCost } = start;
    return blocked(
      'policy.max_cost_exceeded',
      `The final total of ${total.amount} ${total.currency}${total.currency === maxCost.currency ? '' : ` (${start.totalInMaxCostCurrency} ${maxCost.currency})`} at ${driver.page.url()} is above the maximum of ${maxCost.amount} ${maxCost.currency}; nothing was paid.`,
    );
  }
  if (start.kind === 'not_priced')
    return {
      kind: 'failed',
      reason: 'accounting_unavailable',
      detail: `The total could not be compared with maxCost: ${start.message}. Nothing was paid.`,
    };
  return { attemptId: start.attemptId, token: token.right };
};

/** Types the token into its field, and names its vault where the form has a provider field. */
export const typeToken = async (field: PageField, token: { token: string; provider: string }): Promise<void> => {
  await field.locator.fill(token.token);
  const provider = field.locator.locator('xpath=ancestor::form[1]').locator('input[name=payment_provider]');
  if ((await provider.count()) > 0)
    await provider
      .first()
      .evaluate((element, value) => ((element as unknown as { value: string }).value = value), token.provider);
};
