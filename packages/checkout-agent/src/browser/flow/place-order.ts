import { Decimal, type Money } from '@paykit/kernel';
import type { Locator } from 'playwright-core';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { control, nameOf } from '../page/controls.js';
import { type CardField, isCardForm, readCardFields } from '../card/card-fields.js';
import { declarePayment, enterCard, settleCardPayment } from '../card/pay-by-card.js';
import { parseMoneyText } from '../page/money-text.js';
import { readTotals } from '../page/totals.js';
import { ADD_TO_CART, FINAL } from '../page/vocabulary.js';
import type { ChosenOption } from './choose-options.js';
import { type Paid, readConfirmation, reconciliation } from './confirmation.js';
import { type BrowserDriver, blocked } from './driver.js';
import { normal } from '../page/words.js';

/** What is being bought, and what the run has seen on the way (for the checks before the final click). */
export interface Purchase {
  readonly productName: string;
  readonly quantity: number;
  readonly currency: string | undefined;
  readonly chosen: readonly ChosenOption[];
  /** Price changes the shop announced on the way, told to the user before paying. */
  readonly notices: Set<string>;
}

/** A payment declared (within maxCost) and its card typed on a payment page that comes before the review. */
export interface Declared {
  readonly attemptId: string;
  readonly total: Money;
}

/** The final button of the page and the card form that goes with it (none on a review page after payment). */
export interface FinalStep {
  readonly button: Locator;
  readonly card: readonly CardField[] | null;
}

const same = (a: Money, b: Money) => a.currency === b.currency && new Decimal(a.amount).equals(new Decimal(b.amount));

/** The page's card form (in the page or in its frames), if it shows one. */
export const cardForm = async (driver: BrowserDriver): Promise<readonly CardField[] | null> => {
  const fields = await driver.read(readCardFields);
  return isCardForm(fields) ? fields : null;
};

/** The button that places the order on this page: the one in the card number's form when there are several. */
export const finalStep = async (driver: BrowserDriver): Promise<FinalStep | null> => {
  const card = await cardForm(driver);
  const number = card?.find((field) => field.part === 'number')?.field.locator;
  const form = number ? number.locator('xpath=ancestor::form[1]') : null;
  const inForm = form && (await form.count()) > 0 ? await control(form, FINAL, { exclude: ADD_TO_CART }) : null;
  const button = inForm ?? (await control(driver.page, FINAL, { exclude: ADD_TO_CART }));
  return button ? { button, card } : null;
};

/**
 * The fields of the final button's form the browser would refuse to submit (required and empty,
 * malformed), the card's own fields aside (still empty until the payment is declared): pressing
 * the button then would submit nothing, and a click that submits nothing must not pass for a payment.
 */
const invalidFields = async (button: Locator, card: readonly CardField[] | null): Promise<string[]> => {
  const skip = (card ?? []).map(({ field }) => field.name || field.id).filter((mark) => mark !== '');
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
      .filter((field) => field.willValidate && !field.checkValidity() && !skip.includes(field.name || field.id))
      .map((field) => (field.labels?.[0]?.innerText ?? '').replace(/\s+/g, ' ').trim() || field.name || field.id);
  }, skip);
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
 * `startPayment`), type the run's virtual card, press the button once, and read what the shop says.
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
  const { button, card } = step;
  const notPaid = async (outcome: StrategyOutcome): Promise<StrategyOutcome> => {
    if (declared) await context.paymentNotCharged(declared.attemptId);
    return outcome;
  };
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
  if (!card && !declared)
    return blocked(
      'merchant.no_safe_path',
      `The page at ${url} places the order without a card form to pay with, and no payment was declared; nothing was bought.`,
    );
  const incomplete = await invalidFields(button, card);
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
    const failed = await enterCard(driver, attemptId);
    if (failed) return failed;
  }
  try {
    await button.click();
  } catch {
    return settleCardPayment(driver, attemptId, reconciliation({ total }, url));
  }
  await driver.settle();
  const paid: Paid = { total, productName: purchase.productName, quantity: purchase.quantity, attemptId };
  return settleCardPayment(driver, attemptId, await readConfirmation(driver, paid));
};
