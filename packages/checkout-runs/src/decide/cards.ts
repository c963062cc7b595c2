import { isDeepStrictEqual } from 'node:util';
import { parseDecimal } from '@paykit/kernel';
import type { RecordCardAuthorization, RecordCardClosed, RecordCardIssued } from '../commands.js';
import { runErrors } from '../errors.js';
import type { RunCardAuthorization, RunCardDetails } from '../run/cards.js';
import type { CheckoutRun } from '../state.js';
import {
  type Decision,
  absoluteUrl,
  emit,
  firstRefusal,
  heldBy,
  iso,
  nonEmpty,
  notFinal,
  nothing,
  refuse,
} from './decision.js';
import { validMoney } from './values.js';

const validDetails = (card: RunCardDetails) => () =>
  firstRefusal(
    nonEmpty('card.cardId', card?.cardId),
    nonEmpty('card.brand', card?.brand),
    () => (/^\d{4}$/.test(card?.last4 ?? '') ? null : runErrors.invalidField('card.last4', 'must be four digits')),
    () =>
      Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12 && Number.isInteger(card.expYear)
        ? null
        : runErrors.invalidField('card.expMonth', 'must be a month and a year'),
    validMoney('card.cap', card.cap),
    absoluteUrl('card.merchantOrigin', card.merchantOrigin),
    () =>
      Number.isNaN(Date.parse(card.expiresAt)) ? runErrors.invalidField('card.expiresAt', 'must be a time') : null,
  );

/**
 * The attempt in flight got its virtual card: one per attempt, capped at exactly the total the
 * attempt declared (which passed the max-cost guard), in its currency. So no card can allow more
 * than the run checked against maxCost.
 */
export const recordCardIssued = ({ data }: RecordCardIssued, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(notFinal(run), heldBy(run, data.runnerId), validDetails(data.card));
  if (refusal) return refuse(refusal);
  const payment = run.payment;
  if (!payment) return refuse(runErrors.paymentNotStarted());
  if (payment.attemptId !== data.attemptId) return refuse(runErrors.paymentAttemptMismatch(data.attemptId));
  const earlier = run.cards[data.attemptId];
  if (earlier)
    return earlier.cardId === data.card.cardId ? nothing() : refuse(runErrors.cardAlreadyIssued(data.attemptId));
  const cap = parseDecimal(data.card.cap.amount);
  if (data.card.cap.currency !== payment.total.currency || cap === null || !cap.eq(payment.total.amount))
    return refuse(runErrors.cardCapMismatch(payment.total));
  return emit({
    type: 'CheckoutRunCardIssued',
    data: { attemptId: data.attemptId, card: copyDetails(data.card), issuedAt: iso(data.now) },
  });
};

/** An authorization the issuer reported: recorded once, whenever it is relayed (the run may have ended). */
export const recordCardAuthorization = ({ data }: RecordCardAuthorization, run: CheckoutRun): Decision => {
  const card = run.cards[data.attemptId];
  if (!card) return refuse(runErrors.cardNotIssued(data.attemptId));
  const { authorization } = data;
  const refusal = firstRefusal(
    nonEmpty('authorization.authorizationId', authorization?.authorizationId),
    validMoney('authorization.amount', authorization?.amount),
    absoluteUrl('authorization.merchant.url', authorization?.merchant?.url),
    () =>
      typeof authorization.approved === 'boolean'
        ? null
        : runErrors.invalidField('authorization.approved', 'must be true or false'),
  );
  if (refusal) return refuse(refusal);
  const recorded = copyAuthorization(authorization);
  const earlier = card.authorizations.find((each) => each.authorizationId === authorization.authorizationId);
  if (earlier)
    return isDeepStrictEqual(earlier, recorded)
      ? nothing()
      : refuse(runErrors.authorizationConflict(authorization.authorizationId));
  return emit({
    type: 'CheckoutRunCardAuthorizationRecorded',
    data: {
      attemptId: data.attemptId,
      cardId: card.cardId,
      last4: card.last4,
      authorization: recorded,
      recordedAt: iso(data.now),
    },
  });
};

export const recordCardClosed = ({ data }: RecordCardClosed, run: CheckoutRun): Decision => {
  const card = run.cards[data.attemptId];
  if (!card) return refuse(runErrors.cardNotIssued(data.attemptId));
  if (card.closedAt !== null) return nothing();
  return emit({
    type: 'CheckoutRunCardClosed',
    data: { attemptId: data.attemptId, cardId: card.cardId, closedAt: iso(data.now) },
  });
};

/** The attempt in flight whose card the issuer approved: money may have moved, whatever the shop said. */
export const authorizedAttempt = (run: CheckoutRun) => () => {
  const card = run.payment ? run.cards[run.payment.attemptId] : undefined;
  return card?.authorizations.some((each) => each.approved) ? runErrors.paymentAuthorized(card.attemptId) : null;
};

const copyDetails = (card: RunCardDetails): RunCardDetails => ({
  cardId: card.cardId,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  cap: { amount: card.cap.amount, currency: card.cap.currency },
  merchantOrigin: card.merchantOrigin,
  expiresAt: card.expiresAt,
});

const copyAuthorization = (authorization: RunCardAuthorization): RunCardAuthorization => ({
  authorizationId: authorization.authorizationId,
  amount: { amount: authorization.amount.amount, currency: authorization.amount.currency },
  merchant: { name: authorization.merchant.name, url: authorization.merchant.url },
  approved: authorization.approved,
  ...(authorization.declineCode === undefined ? {} : { declineCode: authorization.declineCode }),
  at: authorization.at,
});
