import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { RecordKycOutcome, StartKycInquiry } from './commands.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import { KYC_STANDING_AFTER, type KycStanding, type Order } from './model.js';
import { parseIsoTimestamp } from '@paykit/kernel';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

const isDecided = (standing: KycStanding): boolean => standing === 'verified' || standing === 'rejected';

/** Whether the order still waits for the outcome of the buyer's identity check (undecided, or in review). */
export const awaitsKycOutcome = (order: Order): boolean => {
  const { kyc, received } = order.payment;
  return kyc.required && !received && !isDecided(kyc.standing);
};

/** The identity check this order waits for, opened at the KYC provider by the handler. */
export const decideStartKycInquiry = ({ data }: StartKycInquiry, order: Order): Decision => {
  const { kyc } = order.payment;
  if (kyc.inquiry?.inquiryId === data.inquiry.inquiryId) return E.right([]);
  if (!kyc.required || kyc.standing !== 'unverified' || order.payment.received) {
    return E.left(orderErrors.kycNotRequired());
  }
  return E.right([{ type: 'OrderKycInquiryStarted', data: { orderId: order.orderId, inquiry: data.inquiry } }]);
};

/**
 * approved and declined are final; needs-review parks the order in manual-kyc until one of
 * them arrives. Repeating the outcome already recorded is a no-op (webhooks repeat).
 */
export const decideRecordKycOutcome = ({ data }: RecordKycOutcome, order: Order): Decision => {
  const { kyc } = order.payment;
  if (parseIsoTimestamp(data.recordedAt) === null) return E.left(orderErrors.invalidTimestamp('recordedAt'));
  if (KYC_STANDING_AFTER[data.outcome] === kyc.standing) return E.right([]);
  if (!kyc.required || order.payment.received) return E.left(orderErrors.kycNotRequired());
  if (isDecided(kyc.standing)) return E.left(orderErrors.kycAlreadyDecided());
  return E.right([
    {
      type: 'OrderKycOutcomeRecorded',
      data: { orderId: order.orderId, inquiryId: data.inquiryId, outcome: data.outcome, recordedAt: data.recordedAt },
    },
  ]);
};
