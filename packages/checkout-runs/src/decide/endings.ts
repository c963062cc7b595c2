import type { Block, Cancel, CompleteCancellation, Fail, Succeed } from '../commands.js';
import { runErrors } from '../errors.js';
import type { CheckoutRunEvent } from '../events.js';
import { type FailureReason, type Purchase, SUMMARY_LIMITS, isBlockedCode, isFailureReason } from '../run/outcomes.js';
import type { CheckoutRun } from '../state.js';
import {
  type Decision,
  emit,
  firstRefusal,
  heldBy,
  inStatus,
  iso,
  nonEmpty,
  noPaymentInFlight,
  nothing,
  notFinal,
  refuse,
  textWithin,
} from './decision.js';
import { authorizedOn } from '../run/cards.js';
import { authorizedAttempt } from './cards.js';
import { validMoney } from './values.js';

export const CANCELLED_SUMMARIES = {
  beforeStart: 'The checkout was cancelled before it started.',
  whileWaiting: 'The checkout was cancelled while it waited for an answer; nothing was bought.',
  betweenSteps: "The checkout was cancelled at the user's request; nothing was bought.",
} as const;

export const succeed = ({ data }: Succeed, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(
    notFinal(run),
    heldBy(run, data.runnerId),
    inStatus(run, 'running'),
    () => (run.payment ? null : runErrors.paymentNotStarted()),
    textWithin('summary', data.summary, SUMMARY_LIMITS),
    validPurchase(data.purchase),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunSucceeded',
    data: {
      result: {
        outcome: 'succeeded',
        summary: data.summary,
        purchase: withAuthorized(copyPurchase(data.purchase), run),
      },
      succeededAt: iso(data.now),
    },
  });
};

export const block = ({ data }: Block, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(
    notFinal(run),
    heldBy(run, data.runnerId),
    () => (isBlockedCode(data.code) ? null : runErrors.invalidField('code', 'must be a blocked code of the spec')),
    // Only the merchant's decline proves that a submitted payment took nothing, unless the card's
    // issuer approved it.
    () =>
      run.payment && data.code !== 'merchant.payment_declined'
        ? runErrors.paymentInFlight(run.payment.attemptId)
        : null,
    authorizedAttempt(run),
    textWithin('summary', data.summary, SUMMARY_LIMITS),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunBlocked',
    data: { result: { code: data.code, outcome: 'blocked', summary: data.summary }, blockedAt: iso(data.now) },
  });
};

export const fail = ({ data }: Fail, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(
    notFinal(run),
    () => (data.runnerId === undefined ? null : heldBy(run, data.runnerId)()),
    () =>
      isFailureReason(data.reason) ? null : runErrors.invalidField('reason', 'must be a failure reason of the spec'),
  );
  if (refusal) return refuse(refusal);
  return emit(failed(run, data.reason, data.now));
};

/** The user's cancel: at once when no runner is mid-step, else a mark honoured between steps. */
export const cancel = ({ data }: Cancel, run: CheckoutRun): Decision => {
  if (run.status === 'cancelled' || (run.status === 'failed' && run.reason === 'cancelled')) return nothing();
  const refusal = notFinal(run)();
  if (refusal) return refuse(refusal);
  if (run.status === 'queued') return emit(cancelled(CANCELLED_SUMMARIES.beforeStart, data.now));
  if (run.status === 'awaiting_input' && !run.payment)
    return emit(cancelled(CANCELLED_SUMMARIES.whileWaiting, data.now));
  if (run.cancellationRequested) return nothing();
  return emit({ type: 'CheckoutRunCancellationRequested', data: { requestedAt: iso(data.now) } });
};

export const completeCancellation = ({ data }: CompleteCancellation, run: CheckoutRun): Decision => {
  const summary = data.summary ?? CANCELLED_SUMMARIES.betweenSteps;
  const refusal = firstRefusal(
    notFinal(run),
    heldBy(run, data.runnerId),
    () => (run.cancellationRequested ? null : runErrors.cancellationNotRequested()),
    noPaymentInFlight(run),
    textWithin('summary', summary, SUMMARY_LIMITS),
  );
  if (refusal) return refuse(refusal);
  return emit(cancelled(summary, data.now));
};

/** How a run ends when no runner can finish it: the user's cancel wins unless money may have moved. */
export const endWithoutRunner = (run: CheckoutRun, reason: FailureReason, now: Date): Decision => {
  if (!run.payment && run.cancellationRequested) return emit(cancelled(CANCELLED_SUMMARIES.betweenSteps, now));
  return emit(failed(run, reason, now));
};

/** Any failure while a payment is unresolved is `reconciliation_required`: the money may have moved. */
export const failed = (run: CheckoutRun, reason: FailureReason, now: Date): CheckoutRunEvent => ({
  type: 'CheckoutRunFailed',
  data: { reason: run.payment ? 'reconciliation_required' : reason, failedAt: iso(now) },
});

const cancelled = (summary: string, now: Date): CheckoutRunEvent => ({
  type: 'CheckoutRunCancelled',
  data: { result: { outcome: 'cancelled', summary }, cancelledAt: iso(now) },
});

const validPurchase = (purchase: Purchase) => () => {
  switch (purchase?.kind) {
    case 'confirmed_without_receipt':
      return null;
    case 'receipt_captured':
      return firstRefusal(validMoney('purchase.receipt.total', purchase.receipt?.total), () =>
        purchase.receipt.merchantOrderId === undefined
          ? null
          : nonEmpty('purchase.receipt.merchantOrderId', purchase.receipt.merchantOrderId)(),
      );
    default:
      return runErrors.invalidField('purchase.kind', 'must be receipt_captured or confirmed_without_receipt');
  }
};

/** What the issuer approved on the paying attempt's card, beside what the shop's receipt says. */
const withAuthorized = (purchase: Purchase, run: CheckoutRun): Purchase => {
  const authorized = authorizedOn(run.payment ? run.cards[run.payment.attemptId] : undefined);
  return authorized ? { ...purchase, authorized } : purchase;
};

/** Keeps only the fields of the result shape, so the snapshot shows exactly them. */
const copyPurchase = (purchase: Purchase): Purchase => {
  if (purchase.kind === 'confirmed_without_receipt') return { kind: 'confirmed_without_receipt' };
  const { total, merchantOrderId } = purchase.receipt;
  return {
    kind: 'receipt_captured',
    receipt: {
      total: { amount: total.amount, currency: total.currency },
      ...(merchantOrderId === undefined ? {} : { merchantOrderId }),
    },
  };
};
