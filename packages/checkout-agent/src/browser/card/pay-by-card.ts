import type { Money } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { settleUnconfirmedCardPayment } from '../../payment/card-outcomes.js';
import type { Locator, Page } from 'playwright-core';
import type { StrategyContext, StrategyOutcome } from '../../strategy/strategy-port.js';
import { type BrowserDriver, blocked } from '../flow/driver.js';
import { billingSameAsShipping } from './billing.js';
import { isCardForm, readCardFields } from './card-fields.js';
import { typeCard } from './type-card.js';

/**
 * Declares the payment of `total` before any card exists: `startPayment` refuses a total above
 * maxCost, and only a payment it accepted gets the run's virtual card (capped at that total).
 */
export const declarePayment = async (
  driver: BrowserDriver,
  total: Money,
): Promise<{ attemptId: string } | StrategyOutcome> => {
  await driver.step(`Pay ${total.amount} ${total.currency}`);
  const start = await driver.context.startPayment(total);
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
  return { attemptId: start.attemptId };
};

/** Where a card goes in: the page, the run, and how the page is acted on (so each action is a recorded step). */
export interface CardEntry {
  readonly page: Page;
  readonly context: StrategyContext;
  check(target: Locator): Promise<void>;
  step(action: string): Promise<void>;
}

/**
 * Types the run's virtual card for the declared payment into the page's card form (its frames
 * included), the billing address set to the shipping one where the form offers it. A card that
 * cannot be issued or typed whole pays nothing: the attempt is marked not charged.
 */
export const enterRunCard = async (entry: CardEntry, attemptId: string): Promise<StrategyOutcome | null> => {
  const { context, page } = entry;
  const notPaid = async (outcome: StrategyOutcome) => {
    await context.paymentNotCharged(attemptId);
    return outcome;
  };
  const card = await context.virtualCard(attemptId);
  if (E.isLeft(card))
    return notPaid({ kind: 'failed', reason: 'runtime_error', detail: `No card to pay with: ${card.left.message}` });
  await billingSameAsShipping(page, (box) => entry.check(box));
  const fields = await readCardFields(page);
  if (!isCardForm(fields))
    return notPaid(
      blocked(
        'merchant.checkout_error',
        `The card form at ${page.url()} went away before the card was entered; nothing was paid.`,
      ),
    );
  const missed = await typeCard(fields, card.right);
  if (missed.length > 0)
    return notPaid(
      blocked(
        'merchant.checkout_error',
        `The card form at ${page.url()} offers no choice for the card's ${missed.join(', ')}; nothing was paid.`,
      ),
    );
  await entry.step("Enter the run's virtual card into the shop's card form");
  return null;
};

/** `enterRunCard` on the rule-based strategy's page. */
export const enterCard = (driver: BrowserDriver, attemptId: string): Promise<StrategyOutcome | null> =>
  enterRunCard(
    {
      page: driver.page,
      context: driver.context,
      check: (target) => driver.check(target),
      step: (action) => driver.step(action),
    },
    attemptId,
  );

/**
 * A card payment's ending after the final click: a confirmation stands; a decline or a page with
 * no confirmation is settled by what the card's issuer saw (docs/adr/0226, 0244).
 */
export const settleCardPayment = (
  driver: BrowserDriver,
  attemptId: string,
  outcome: StrategyOutcome,
): Promise<StrategyOutcome> => {
  if (outcome.kind === 'blocked' && outcome.code === 'merchant.payment_declined')
    return settleUnconfirmedCardPayment(driver.context, attemptId, {
      shop: 'declined',
      message: /"([^"]+)"/.exec(outcome.summary)?.[1] ?? outcome.summary,
    });
  if (outcome.kind === 'failed' && outcome.reason === 'reconciliation_required')
    return settleUnconfirmedCardPayment(driver.context, attemptId, {
      shop: 'no_confirmation',
      detail: outcome.detail,
    });
  return Promise.resolve(outcome);
};
