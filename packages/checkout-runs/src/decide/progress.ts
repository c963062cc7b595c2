import { parseDecimal } from '@paykit/kernel';
import { isDeepStrictEqual } from 'node:util';
import type { AttachBrowser, DetachBrowser, RecordPaymentNotCharged, RecordStep, StartPayment } from '../commands.js';
import { runErrors } from '../errors.js';
import type { CheckoutRun } from '../state.js';
import {
  type Decision,
  absoluteUrl,
  emit,
  firstRefusal,
  heldBy,
  inStatus,
  iso,
  nonEmpty,
  notCancelling,
  notFinal,
  nothing,
  refuse,
  textWithin,
} from './decision.js';
import { authorizedAttempt } from './cards.js';
import { validDecimal, validMoney } from './values.js';

const ACTION_LIMITS = { min: 1, max: 500 } as const;

/** Steps are where cancellation is honoured: after the mark, the runner may take no new step. */
export const recordStep = ({ data }: RecordStep, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(
    notFinal(run),
    heldBy(run, data.runnerId),
    inStatus(run, 'running'),
    notCancelling(run),
    () => (run.stepCount < run.policy.maxSteps ? null : runErrors.stepBudgetExhausted(run.policy.maxSteps)),
    textWithin('action', data.action, ACTION_LIMITS),
    absoluteUrl('url', data.url),
    () => (data.screenshotRef === undefined ? null : nonEmpty('screenshotRef', data.screenshotRef)()),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunStepRecorded',
    data: {
      stepNumber: run.stepCount + 1,
      action: data.action,
      url: data.url,
      screenshotRef: data.screenshotRef ?? null,
      recordedAt: iso(data.now),
    },
  });
};

export const attachBrowser = ({ data }: AttachBrowser, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(notFinal(run), heldBy(run, data.runnerId), absoluteUrl('embedUrl', data.embedUrl));
  if (refusal) return refuse(refusal);
  if (run.browser?.embedUrl === data.embedUrl) return nothing();
  return emit({ type: 'CheckoutRunBrowserAttached', data: { embedUrl: data.embedUrl, attachedAt: iso(data.now) } });
};

export const detachBrowser = ({ data }: DetachBrowser, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(notFinal(run), heldBy(run, data.runnerId));
  if (refusal) return refuse(refusal);
  if (!run.browser) return nothing();
  return emit({ type: 'CheckoutRunBrowserDetached', data: { detachedAt: iso(data.now) } });
};

/** The max-cost guard, enforced by the domain itself on the final total before any payment. */
export const startPayment = ({ data }: StartPayment, run: CheckoutRun): Decision => {
  const holder = firstRefusal(notFinal(run), heldBy(run, data.runnerId));
  if (holder) return refuse(holder);
  if (run.payment) {
    const retried =
      run.payment.attemptId === data.attemptId &&
      isDeepStrictEqual(run.payment.total, data.total) &&
      run.payment.totalInMaxCostCurrency === data.totalInMaxCostCurrency;
    return retried ? nothing() : refuse(runErrors.paymentInFlight(run.payment.attemptId));
  }
  const refusal = firstRefusal(
    inStatus(run, 'running'),
    notCancelling(run),
    nonEmpty('attemptId', data.attemptId),
    validMoney('total', data.total),
    validDecimal('totalInMaxCostCurrency', data.totalInMaxCostCurrency),
  );
  if (refusal) return refuse(refusal);
  const maxCost = run.input.constraints.maxCost.amount;
  const total = parseDecimal(data.totalInMaxCostCurrency);
  if (total === null || total.gt(maxCost))
    return refuse(runErrors.maxCostExceeded(maxCost, data.totalInMaxCostCurrency));
  return emit({
    type: 'CheckoutRunPaymentStarted',
    data: {
      attemptId: data.attemptId,
      total: { amount: data.total.amount, currency: data.total.currency },
      totalInMaxCostCurrency: data.totalInMaxCostCurrency,
      startedAt: iso(data.now),
    },
  });
};

export const recordPaymentNotCharged = ({ data }: RecordPaymentNotCharged, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(notFinal(run), heldBy(run, data.runnerId));
  if (refusal) return refuse(refusal);
  if (!run.payment) return nothing();
  if (run.payment.attemptId !== data.attemptId) return refuse(runErrors.paymentAttemptMismatch(data.attemptId));
  // The issuer approved the attempt's card: nobody may say nothing was charged.
  const authorized = authorizedAttempt(run)();
  if (authorized) return refuse(authorized);
  return emit({ type: 'CheckoutRunPaymentNotCharged', data: { attemptId: data.attemptId, recordedAt: iso(data.now) } });
};
