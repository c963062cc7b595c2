import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  awaitsKycOutcome,
  orderDecider,
  paymentStatus,
  type KycOutcome,
  type Order,
  type OrderEvent,
} from '../../src/index.js';
import { LATER, ORDER_ID, onrampCreated, paidOnramp, quoteExpired } from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const needsKyc = () => onrampCreated({ kyc: { required: true, standing: 'unverified' } });
const inquiry = { provider: 'persona', inquiryId: 'inq_1', sessionToken: 'sess_1', environmentId: 'env_sandbox' };
const inquiryStarted: OrderEvent = { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } };
const outcome = (value: KycOutcome): OrderEvent => ({
  type: 'OrderKycOutcomeRecorded',
  data: { orderId: ORDER_ID, inquiryId: 'inq_1', outcome: value, recordedAt: LATER },
});
const record = (value: KycOutcome) => ({
  type: 'RecordKycOutcome' as const,
  data: { inquiryId: 'inq_1', outcome: value, recordedAt: LATER },
});
const statusAfter = (events: OrderEvent[]) => paymentStatus(fold(orderDecider, events) as Order);

describe('StartKycInquiry', () => {
  it('records the inquiry the buyer must complete', () => {
    spec.given([needsKyc()]).when({ type: 'StartKycInquiry', data: { inquiry } }).then([inquiryStarted]);
    expect(statusAfter([needsKyc(), inquiryStarted])).toBe('requires-kyc');
  });

  it('does nothing for the inquiry already recorded', () => {
    spec.given([needsKyc(), inquiryStarted]).when({ type: 'StartKycInquiry', data: { inquiry } }).thenNothingHappened();
  });

  it('refuses when the order needs no identity check', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'StartKycInquiry', data: { inquiry } })
      .thenFails({ code: 'kyc_not_required' });
  });

  it('refuses once the check is decided', () => {
    spec
      .given([needsKyc(), inquiryStarted, outcome('approved')])
      .when({ type: 'StartKycInquiry', data: { inquiry: { ...inquiry, inquiryId: 'inq_2' } } })
      .thenFails({ code: 'kyc_not_required' });
  });
});

describe('RecordKycOutcome', () => {
  it.each([
    ['approved', 'awaiting-payment'],
    ['declined', 'failed-kyc'],
    ['needs-review', 'manual-kyc'],
  ] as const)('%s moves the payment to %s', (value, status) => {
    spec
      .given([needsKyc(), inquiryStarted])
      .when(record(value))
      .then([outcome(value)]);
    expect(statusAfter([needsKyc(), inquiryStarted, outcome(value)])).toBe(status);
  });

  it('a manual review ends in a decision', () => {
    spec
      .given([needsKyc(), outcome('needs-review')])
      .when(record('approved'))
      .then([outcome('approved')]);
  });

  it('a repeated outcome changes nothing', () => {
    spec
      .given([needsKyc(), outcome('approved')])
      .when(record('approved'))
      .thenNothingHappened();
  });

  it('a decided check cannot be reversed', () => {
    spec
      .given([needsKyc(), outcome('declined')])
      .when(record('approved'))
      .thenFails({ code: 'kyc_already_decided' });
  });

  it('is refused when no check is required', () => {
    spec.given([onrampCreated()]).when(record('approved')).thenFails({ code: 'kyc_not_required' });
  });

  it('is refused once the order is paid', () => {
    spec.given(paidOnramp()).when(record('declined')).thenFails({ code: 'kyc_not_required' });
  });

  it('proceeds while the quote is expired, and the order still needs a new quote', () => {
    spec
      .given([needsKyc(), quoteExpired()])
      .when(record('approved'))
      .then([outcome('approved')]);
    expect(statusAfter([needsKyc(), quoteExpired(), outcome('approved')])).toBe('requires-quote');
  });

  it('refuses a malformed time', () => {
    spec
      .given([needsKyc()])
      .when({ type: 'RecordKycOutcome', data: { inquiryId: 'inq_1', outcome: 'approved', recordedAt: 'x' } })
      .thenFails({ code: 'invalid_timestamp' });
  });
});

describe('awaitsKycOutcome', () => {
  const awaits = (events: OrderEvent[]) => awaitsKycOutcome(fold(orderDecider, events) as Order);

  it('while the check is undecided or in review', () => {
    expect(awaits([needsKyc()])).toBe(true);
    expect(awaits([needsKyc(), inquiryStarted])).toBe(true);
    expect(awaits([needsKyc(), outcome('needs-review')])).toBe(true);
  });

  it('not once decided, when no check is required, or once paid', () => {
    expect(awaits([needsKyc(), outcome('approved')])).toBe(false);
    expect(awaits([needsKyc(), outcome('declined')])).toBe(false);
    expect(awaits([onrampCreated()])).toBe(false);
    expect(awaits([onrampCreated({ kyc: { required: true, standing: 'unverified' } }), ...paidOnramp().slice(1)])).toBe(
      false,
    );
  });
});
