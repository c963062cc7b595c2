import * as E from 'fp-ts/lib/Either.js';
import { Decimal, type DomainError } from '@paykit/kernel';
import type { AuthorizeCardPayment, RecordCardPaymentResult } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import type { CardAttempt, Order } from './model.js';
import { canPay, paymentStatus } from './status.js';
import { parseIsoTimestamp } from '@paykit/kernel';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

/**
 * The attempt with this id while it stands (not declined): paying again with the same id
 * reaches it, charged at the amount it was opened with, and opens nothing new.
 */
export const openCardAttempt = (order: Order, paymentId: string): CardAttempt | undefined => {
  const attempt = order.payment.card;
  return attempt?.paymentId === paymentId && attempt.state !== 'declined' ? attempt : undefined;
};

/**
 * Opens a card payment attempt before the processor is called, so the attempt id doubles as
 * the processor's idempotency key and a crash between the two leaves a visible in-progress
 * attempt rather than an untracked charge. A declined card may be retried with a new attempt.
 */
export const decideAuthorizeCardPayment = ({ data }: AuthorizeCardPayment, order: Order): Decision => {
  if (order.kind !== 'onramp') return E.left(orderErrors.notOnramp());
  const { payment } = order;
  if (openCardAttempt(order, data.paymentId)) return E.right([]);
  if (payment.received) return E.left(orderErrors.alreadyPaid());
  const now = parseIsoTimestamp(data.now);
  if (now === null) return E.left(orderErrors.invalidTimestamp('now'));
  const status = paymentStatus(order);
  if (status !== 'in-progress' && (order.quote.expired || now >= Date.parse(order.quote.expiresAt))) {
    return E.left(orderErrors.quoteExpired(order.quote.expiresAt));
  }
  if (!canPay(status)) return E.left(orderErrors.notPayable(status));
  const total = order.quote.totalPrice;
  if (data.amount.currency !== total.currency || !new Decimal(total.amount).eq(data.amount.amount)) {
    return E.left(
      orderErrors.amountMismatch(`${total.amount} ${total.currency}`, `${data.amount.amount} ${data.amount.currency}`),
    );
  }
  return E.right([
    {
      type: 'OrderCardPaymentStarted',
      data: {
        orderId: order.orderId,
        paymentId: data.paymentId,
        amount: total,
        ...(data.card && { card: data.card }),
        startedAt: data.now,
      },
    },
  ]);
};

/** The processor's answer to the current attempt: succeeded, declined, or an extra verification step. */
export const decideRecordCardPaymentResult = ({ data }: RecordCardPaymentResult, order: Order): Decision => {
  if (order.kind !== 'onramp') return E.left(orderErrors.notOnramp());
  const attempt = order.payment.card;
  if (!attempt || attempt.paymentId !== data.paymentId) {
    return E.left(orderErrors.unknownPaymentAttempt(data.paymentId));
  }
  const finalState = attempt.state === 'succeeded' ? 'succeeded' : attempt.state === 'declined' ? 'declined' : null;
  if (finalState) {
    return finalState === data.outcome ? E.right([]) : E.left(orderErrors.attemptFinished(data.paymentId));
  }
  const base = { orderId: order.orderId, paymentId: data.paymentId, ...(data.chargeId && { chargeId: data.chargeId }) };
  switch (data.outcome) {
    case 'succeeded':
      return E.right([
        { type: 'OrderCardPaymentSucceeded', data: { ...base, amount: attempt.amount, succeededAt: data.at } },
      ]);
    case 'declined':
      return E.right([
        {
          type: 'OrderCardPaymentDeclined',
          data: {
            ...base,
            failureReason: { code: 'payment-declined', message: data.message ?? 'The card payment was declined' },
            declinedAt: data.at,
          },
        },
      ]);
    case 'requires-verification':
      if (attempt.verification?.url === data.verification.url && attempt.verification.type === data.verification.type) {
        return E.right([]);
      }
      return E.right([{ type: 'OrderCardVerificationRequired', data: { ...base, verification: data.verification } }]);
  }
};
