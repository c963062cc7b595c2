import type { TaskHints } from '../../merchant-page/task-hints.js';
import type { StrategyOutcome } from '../../strategy/strategy-port.js';
import type { BuyerValues } from '../buyer/buyer-values.js';
import { alertTexts, collapse, control, nameOf } from '../page/controls.js';
import { problemOfMessage } from '../page/page-problems.js';
import { readTotals } from '../page/totals.js';
import { CONTINUE, GUEST, NOT_CONTINUE, PRICE_CHANGE } from '../page/vocabulary.js';
import { type BrowserDriver, blocked } from './driver.js';
import { fillBuyerDetails } from './fill-details.js';
import { declarePayment, enterCard } from '../card/pay-by-card.js';
import { shownTotalAboveMaxCost } from './look-first.js';
import { type Declared, type Purchase, cardForm, finalStep, placeOrder } from './place-order.js';
import { chooseCardPayment } from './payment-option.js';
import { chooseDelivery } from './shipping.js';
import { acceptRequiredTerms } from './terms.js';

/** Checkout pages followed before the run gives up on finding where the order is placed. */
const MAX_PAGES = 10;

/** Problems the shop reports on a checkout page that end the run: it cannot deliver, or the item is gone. */
const reportedProblem = async (driver: BrowserDriver): Promise<StrategyOutcome | null> => {
  for (const message of await driver.read(alertTexts)) {
    const problem = problemOfMessage(message);
    if (problem?.code === 'merchant.fulfillment_unavailable')
      return blocked(
        problem.code,
        `The shop cannot deliver this order: "${problem.message}" (${driver.page.url()}); nothing was bought.`,
      );
    if (problem?.code === 'product.item_unavailable')
      return blocked(
        problem.code,
        `The shop reports at ${driver.page.url()}: "${problem.message}"; nothing was bought.`,
      );
  }
  return null;
};

/** Notices of a price that changed since the product page, to tell the user before paying. */
const collectNotices = async (driver: BrowserDriver, notices: Set<string>): Promise<void> => {
  const texts = await driver.page
    .locator('.notice, [role=status], [class*=notice], [class*=warn], [role=alert], [data-testid*=price-change]')
    .allInnerTexts();
  for (const text of texts.map(collapse)) if (PRICE_CHANGE.test(text)) notices.add(text);
};

/** The control that moves the checkout on: the submit of the form being filled in, else a "Continue"/"Next" anywhere. */
const continueControl = async (driver: BrowserDriver) => {
  const forms = driver.page.locator('form:not(:has(input[type=password]))');
  for (let index = 0; index < (await forms.count()); index++) {
    const form = forms.nth(index);
    if (!(await form.isVisible())) continue;
    const submit = await control(form, CONTINUE, { exclude: NOT_CONTINUE });
    if (submit) return submit;
  }
  return control(driver.page, CONTINUE, { exclude: NOT_CONTINUE });
};

/** What identifies a checkout step: its address, its heading and its fields (a single-page shop keeps its URL). */
const stepSignature = async (driver: BrowserDriver): Promise<string> => {
  const heading = await driver.page
    .locator('h1, h2')
    .allInnerTexts()
    .catch(() => []);
  // The fields by name, not their count: a one-page checkout's next step may show as many fields as the last.
  const fields = await driver.page
    .locator('input:visible, select:visible, textarea:visible')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const field = element as unknown as { name: string; id: string };
        return field.name || field.id;
      }),
    )
    .catch(() => []);
  return `${driver.page.url()}|${heading.slice(0, 2).join('|')}|${fields.join(',')}`;
};

/** Why the shop kept the shopper on the same step: its messages, or the fields it (or the browser) marks invalid. */
const whyStuck = async (driver: BrowserDriver): Promise<string> => {
  const invalid = await driver.page
    .locator('[aria-invalid=true], input:invalid, select:invalid, textarea:invalid')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const field = element as unknown as { name: string; id: string; labels: { innerText: string }[] | null };
        return (field.labels?.[0]?.innerText ?? '').trim() || field.name || field.id;
      }),
    );
  const alerts = await driver.read(alertTexts);
  return (
    [
      ...alerts.map((text) => `"${text}"`),
      ...(invalid.length > 0 ? [`fields not accepted: ${invalid.join(', ')}`] : []),
    ].join('; ') || 'the page did not change'
  );
};

/**
 * The total the page shows against maxCost, first of all on every checkout page: above it is
 * the end of the run, whatever else the page lacks. A page whose preselected delivery is not the
 * cheapest gets the cheapest chosen before it is judged.
 */
const totalAboveMaxCost = async (driver: BrowserDriver, plan: CheckoutPlan): Promise<StrategyOutcome | null> => {
  const { currency, notices } = plan.purchase;
  if (!(await shownTotalAboveMaxCost(driver, currency))) return null;
  await chooseDelivery(driver, plan.hints, currency);
  const above = await shownTotalAboveMaxCost(driver, currency);
  if (!above) return null;
  // A price that rose on the way is why the total is above: the user hears it with the total.
  await collectNotices(driver, notices);
  for (const notice of notices)
    await driver.context.tell(`The shop changed a price: "${notice}" ${above.kind === 'blocked' ? above.summary : ''}`);
  notices.clear();
  return above;
};

export interface CheckoutPlan {
  readonly purchase: Purchase;
  readonly hints: TaskHints;
  readonly buyer: BuyerValues;
}

/**
 * The checkout, step by step until the page that places the order: guest checkout over signing
 * in, the buyer's details filled in by meaning, the delivery chosen, every reversible "Continue",
 * "Next" or "Review order" pressed; then the final page (see `placeOrder`). A payment page that
 * takes the card before a review page gets the card only after the payment is declared.
 */
export const checkOut = async (driver: BrowserDriver, plan: CheckoutPlan): Promise<StrategyOutcome> => {
  const { purchase } = plan;
  let declared: Declared | null = null;
  const stop = async (outcome: StrategyOutcome): Promise<StrategyOutcome> => {
    if (declared) await driver.context.paymentNotCharged(declared.attemptId);
    return outcome;
  };
  for (let visited = 0; visited < MAX_PAGES; visited++) {
    const early = (await driver.wall()) ?? (await reportedProblem(driver)) ?? (await totalAboveMaxCost(driver, plan));
    if (early) return stop(early);
    await collectNotices(driver, purchase.notices);
    const guest = await control(driver.page, GUEST);
    if (guest) {
      await driver.step(`Check out as a guest (${await nameOf(guest)})`);
      await driver.press(guest);
      continue;
    }
    const filled = await fillBuyerDetails(driver, plan.buyer);
    if (filled) return stop(filled);
    await chooseDelivery(driver, plan.hints, purchase.currency);
    await chooseCardPayment(driver);
    await acceptRequiredTerms(driver);
    const late = (await reportedProblem(driver)) ?? (await totalAboveMaxCost(driver, plan));
    if (late) return stop(late);
    await collectNotices(driver, purchase.notices);
    const final = await finalStep(driver);
    if (final) return placeOrder(driver, purchase, final, declared);
    if (!declared && (await cardForm(driver))) {
      const outcome = await payBeforeReview(driver, purchase);
      if ('kind' in outcome) return outcome;
      declared = outcome;
    }
    const next = await continueControl(driver);
    if (!next) {
      const signIn = (await driver.page.locator('input[type=password]:visible').count()) > 0;
      const why = signIn
        ? 'it asks to sign in and offers no guest checkout'
        : 'it has neither a button to continue nor one to place the order';
      return stop(
        blocked('merchant.no_safe_path', `Could not go on from ${driver.page.url()}: ${why}; nothing was bought.`),
      );
    }
    const before = await stepSignature(driver);
    await driver.step(`Continue (${await nameOf(next)})`);
    await driver.press(next);
    if ((await stepSignature(driver)) === before) {
      const wall = await driver.wall();
      if (wall) return stop(wall);
      const problem = await reportedProblem(driver);
      if (problem) return stop(problem);
      return stop(
        blocked(
          'merchant.checkout_error',
          `The shop did not move on from ${driver.page.url()}: ${await whyStuck(driver)}; nothing was bought.`,
        ),
      );
    }
  }
  return stop(
    blocked(
      'merchant.no_safe_path',
      `No page to place the order was reached after ${MAX_PAGES} checkout pages (last ${driver.page.url()}); nothing was bought.`,
    ),
  );
};

/**
 * A payment page before the review (its card form, no final button): the total this page shows is
 * declared (and checked against maxCost) before the card exists and is typed; the review must
 * then show the same total.
 */
const payBeforeReview = async (driver: BrowserDriver, purchase: Purchase): Promise<Declared | StrategyOutcome> => {
  const url = driver.page.url();
  const total = (await readTotals(driver.page, purchase.currency)).total;
  if (!total)
    return blocked(
      'merchant.no_safe_path',
      `The payment page ${url} asks for the payment before showing the order total; nothing was bought.`,
    );
  const started = await declarePayment(driver, total);
  if ('kind' in started) return started;
  const failed = await enterCard(driver, started.attemptId);
  if (failed) return failed;
  return { attemptId: started.attemptId, total };
};
