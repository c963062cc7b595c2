import { Decimal, type Money } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { Locator } from 'playwright-core';
import type { Receipt } from '@paykit/checkout-runs';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import { alertTexts, control, firstVisible, textAt } from '../page/controls.js';
import { parseMoneyText } from '../page/money-text.js';
import { problemOfMessage } from '../page/page-problems.js';
import { type BrowserDriver, blocked } from './driver.js';

const TO_PAYMENT = /\b(continue to payment|proceed to payment|go to payment|payment)\b/i;
const TOKEN_FIELD = ['input[name=payment_token]', 'input[autocomplete="payment-token"]', 'input[name*=payment_token i]', 'input[data-payment-token]'];
const ORDER_NUMBER = /\border\s*(?:number|no\.?|#|id)?\s*[:#]?\s*([A-Z0-9][A-Z0-9-]{3,})\b/i;

export interface PaymentPlan {
  readonly total: Money;
  readonly productName: string;
  readonly quantity: number;
}

const same = (a: Money, b: Money) => a.currency === b.currency && new Decimal(a.amount).equals(new Decimal(b.amount));

/** The payment-token field of the page (on the review page itself, or on the payment page it leads to). */
const tokenField = async (driver: BrowserDriver): Promise<Locator | StrategyOutcome> => {
  const here = await firstVisible(TOKEN_FIELD.map((selector) => driver.page.locator(selector)));
  if (here) return here;
  const next = await control(driver.page, TO_PAYMENT);
  if (!next) return blocked('merchant.no_safe_path', `The review page ${driver.page.url()} offers no way on to payment; nothing was bought.`);
  await driver.step('Continue to payment');
  await driver.press(next);
  const wall = await driver.wall();
  if (wall) return wall;
  const field = await firstVisible(TOKEN_FIELD.map((selector) => driver.page.locator(selector)));
  return (
    field ??
    blocked('merchant.no_safe_path', `The payment form at ${driver.page.url()} takes only typed card details, and the agent pays only with card-vault tokens; nothing was bought.`)
  );
};

/**
 * Pays the reviewed total: only with a payment token, only once the run has accepted the
 * payment (`startPayment`: the total is within maxCost), and then reads the confirmation. A
 * payment whose outcome the page does not show is left for reconciliation.
 */
export const pay = async (driver: BrowserDriver, plan: PaymentPlan): Promise<StrategyOutcome> => {
  const { context, page } = driver;
  const { total } = plan;
  const field = await tokenField(driver);
  if ('kind' in field) return field;
  const dueText = await textAt(page, ['[data-testid=amount-due]', '#amount-due', '.amount-due']);
  const due = dueText ? parseMoneyText(dueText, total.currency) : null;
  if (due && !same(due, total)) {
    return blocked('merchant.checkout_error', `The payment page asks for ${due.amount} ${due.currency}, not the reviewed total of ${total.amount} ${total.currency}; nothing was paid.`);
  }
  const token = await context.paymentToken();
  if (E.isLeft(token)) return { kind: 'failed', reason: 'runtime_error', detail: `No card token to pay with: ${token.left.message}` };
  const submit = await firstVisible([field.locator('xpath=ancestor::form[1]').locator('button[type=submit], input[type=submit]')]);
  if (!submit) return blocked('merchant.no_safe_path', `The payment form at ${page.url()} has no pay button; nothing was bought.`);
  await driver.step(`Pay ${total.amount} ${total.currency}`);
  const start = await context.startPayment(total);
  if (start.kind === 'over_max_cost') {
    const { maxCost } = start;
    return blocked(
      'policy.max_cost_exceeded',
      `The final total of ${total.amount} ${total.currency} (${start.totalInMaxCostCurrency} ${maxCost.currency}) is above the maximum of ${maxCost.amount} ${maxCost.currency}; nothing was paid.`,
    );
  }
  if (start.kind === 'not_priced') return { kind: 'failed', reason: 'accounting_unavailable', detail: `The total could not be compared with maxCost: ${start.message}. Nothing was paid.` };
  const provider = await firstVisible([field.locator('xpath=ancestor::form[1]').locator('input[name=payment_provider]')]);
  try {
    await field.fill(token.right.token);
    if (provider) await provider.evaluate((element, value) => ((element as unknown as { value: string }).value = value), token.right.provider);
    await driver.press(submit);
  } catch {
    return reconciliation(plan, page.url());
  }
  return confirmation(driver, plan, start.attemptId);
};

const reconciliation = (plan: PaymentPlan, url: string): StrategyOutcome => ({
  kind: 'failed',
  reason: 'reconciliation_required',
  detail: `The payment of ${plan.total.amount} ${plan.total.currency} was submitted at ${url} but the shop did not confirm it; it may have gone through.`,
});

/** After paying: the order number and total of the confirmation, a decline, or an unknown outcome. */
const confirmation = async (driver: BrowserDriver, plan: PaymentPlan, attemptId: string): Promise<StrategyOutcome> => {
  const { page, context } = driver;
  const numberText = await textAt(page, ['[data-testid=order-number]', '#order-number', '.order-number']);
  const orderId = numberText?.trim() || ORDER_NUMBER.exec(await page.locator('main, body').first().innerText())?.[1] || null;
  if (orderId) {
    const totalText = await textAt(page, ['[data-testid=order-total]', '#order-total', '.order-total']);
    const charged = (totalText ? parseMoneyText(totalText, plan.total.currency) : null) ?? plan.total;
    const receipt: Receipt = { total: charged, merchantOrderId: orderId };
    return { kind: 'succeeded', summary: `Bought ${plan.quantity} x ${plan.productName} for ${charged.amount} ${charged.currency}; merchant order ${orderId}.`, receipt };
  }
  for (const message of await alertTexts(page)) {
    if (problemOfMessage(message)?.code === 'merchant.payment_declined') {
      return blocked('merchant.payment_declined', `The shop declined the payment: "${message}" Nothing was charged.`);
    }
  }
  context.logger.warn({ runId: context.runId, attemptId }, 'payment submitted without a visible outcome');
  return reconciliation(plan, page.url());
};
