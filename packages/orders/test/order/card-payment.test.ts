import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  openCardAttempt,
  orderDecider,
  orderPhase,
  paymentStatus,
  type Order,
  type OrderEvent,
} from '../../src/index.js';
import {
  AFTER_EXPIRY,
  LATER,
  ORDER_ID,
  PAYMENT_ID,
  cardDeclined,
  cardStarted,
  cardSucceeded,
  offrampCreated,
  onrampCreated,
  quoteExpired,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const orderOf = (events: OrderEvent[]) => fold(orderDecider, events) as Order;

const authorize = (overrides: Partial<{ paymentId: string; amount: string; currency: string; now: string }> = {}) => ({
  type: 'AuthorizeCardPayment' as const,
  data: {
    paymentId: overrides.paymentId ?? PAYMENT_ID,
    amount: { amount: overrides.amount ?? '100.00', currency: overrides.currency ?? 'usd' },
    now: overrides.now ?? LATER,
  },
});

const result = (outcome: 'succeeded' | 'declined', paymentId = PAYMENT_ID) => ({
  type: 'RecordCardPaymentResult' as const,
  data: { paymentId, at: LATER, outcome },
});

const verification = { type: 'three-d-secure', url: 'https://processor.test/3ds/pay_0001' };
const verify = () => ({
  type: 'RecordCardPaymentResult' as const,
  data: { paymentId: PAYMENT_ID, at: LATER, outcome: 'requires-verification' as const, verification },
});
const verificationRequired: OrderEvent = {
  type: 'OrderCardVerificationRequired',
  data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, verification },
};

describe('AuthorizeCardPayment', () => {
  it('opens an attempt for the quoted total and puts the payment in progress', () => {
    spec.given([onrampCreated()]).when(authorize()).then([cardStarted()]);
    expect(paymentStatus(orderOf([onrampCreated(), cardStarted()]))).toBe('in-progress');
  });

  it('keeps the card display details it is given', () => {
    const command = authorize();
    const [event] = spec
      .given([onrampCreated()])
      .when({ ...command, data: { ...command.data, card: { brand: 'visa', last4: '4242' } } })
      .events();
    expect(event).toMatchObject({ data: { card: { brand: 'visa', last4: '4242' } } });
  });

  it('retries the same attempt without a second event', () => {
    spec.given([onrampCreated(), cardStarted()]).when(authorize()).thenNothingHappened();
  });

  it('lets a declined card be retried with a new attempt', () => {
    spec
      .given([onrampCreated(), cardStarted(), cardDeclined()])
      .when(authorize({ paymentId: 'pay_0002' }))
      .then([cardStarted('pay_0002')]);
  });

  it.each<[string, OrderEvent[], ReturnType<typeof authorize>, string]>([
    [
      'an amount other than the quoted total',
      [onrampCreated()],
      authorize({ amount: '99.99' }),
      'payment_amount_mismatch',
    ],
    ['another currency', [onrampCreated()], authorize({ currency: 'eur' }), 'payment_amount_mismatch'],
    ['a quote past its expiry', [onrampCreated()], authorize({ now: AFTER_EXPIRY }), 'quote_expired'],
    ['an order back in the quote phase', [onrampCreated(), quoteExpired()], authorize(), 'quote_expired'],
    [
      'a second attempt while one is under way',
      [onrampCreated(), cardStarted()],
      authorize({ paymentId: 'pay_0002' }),
      'payment_not_allowed',
    ],
    [
      'an order awaiting its identity check',
      [onrampCreated({ kyc: { required: true, standing: 'unverified' } })],
      authorize(),
      'payment_not_allowed',
    ],
    [
      'an order without a receipt email',
      [onrampCreated({ payment: { method: 'card', currency: 'usd' } })],
      authorize(),
      'payment_not_allowed',
    ],
    [
      'a paid order',
      [onrampCreated(), cardStarted(), cardSucceeded()],
      authorize({ paymentId: 'pay_0002' }),
      'payment_already_received',
    ],
    ['an offramp order', [offrampCreated()], authorize(), 'payment_method_mismatch'],
    ['a malformed time', [onrampCreated()], authorize({ now: 'now' }), 'invalid_timestamp'],
  ])('refuses %s', (_, given, command, code) => {
    spec.given(given).when(command).thenFails({ code });
  });
});

describe('RecordCardPaymentResult', () => {
  it('succeeded: the payment completes and delivery starts', () => {
    spec.given([onrampCreated(), cardStarted()]).when(result('succeeded')).then([cardSucceeded()]);
    const order = orderOf([onrampCreated(), cardStarted(), cardSucceeded()]);
    expect([orderPhase(order), paymentStatus(order), order.lineItems[0]!.delivery.status]).toEqual([
      'delivery',
      'completed',
      'in-progress',
    ]);
  });

  it('declined: the payment fails with payment-declined', () => {
    spec.given([onrampCreated(), cardStarted()]).when(result('declined')).then([cardDeclined()]);
    const order = orderOf([onrampCreated(), cardStarted(), cardDeclined()]);
    expect([orderPhase(order), paymentStatus(order)]).toEqual(['payment', 'failed']);
  });

  it("keeps the processor's decline message", () => {
    const [event] = spec
      .given([onrampCreated(), cardStarted()])
      .when({
        type: 'RecordCardPaymentResult',
        data: { paymentId: PAYMENT_ID, at: LATER, outcome: 'declined', message: 'Insufficient funds' },
      })
      .events();
    expect(event).toMatchObject({
      data: { failureReason: { code: 'payment-declined', message: 'Insufficient funds' } },
    });
  });

  it('requires verification: the payment stays in progress, then completes', () => {
    spec.given([onrampCreated(), cardStarted()]).when(verify()).then([verificationRequired]);
    expect(paymentStatus(orderOf([onrampCreated(), cardStarted(), verificationRequired]))).toBe('in-progress');
    spec
      .given([onrampCreated(), cardStarted(), verificationRequired])
      .when(result('succeeded'))
      .then([cardSucceeded()]);
  });

  it('a verification can end in a decline', () => {
    spec.given([onrampCreated(), cardStarted(), verificationRequired]).when(result('declined')).then([cardDeclined()]);
  });

  it('repeated results change nothing', () => {
    spec.given([onrampCreated(), cardStarted(), cardSucceeded()]).when(result('succeeded')).thenNothingHappened();
    spec.given([onrampCreated(), cardStarted(), cardDeclined()]).when(result('declined')).thenNothingHappened();
    spec.given([onrampCreated(), cardStarted(), verificationRequired]).when(verify()).thenNothingHappened();
  });

  it('a final result cannot be contradicted', () => {
    spec
      .given([onrampCreated(), cardStarted(), cardSucceeded()])
      .when(result('declined'))
      .thenFails({ code: 'payment_attempt_finished' });
    spec
      .given([onrampCreated(), cardStarted(), cardDeclined()])
      .when(result('succeeded'))
      .thenFails({ code: 'payment_attempt_finished' });
  });

  it('refuses a result for another attempt, or without any', () => {
    spec
      .given([onrampCreated(), cardStarted()])
      .when(result('succeeded', 'pay_other'))
      .thenFails({ code: 'unknown_payment_attempt' });
    spec.given([onrampCreated()]).when(result('succeeded')).thenFails({ code: 'unknown_payment_attempt' });
  });

  it('refuses on an offramp order', () => {
    spec.given([offrampCreated()]).when(result('succeeded')).thenFails({ code: 'payment_method_mismatch' });
  });
});

describe("the processor's charge id", () => {
  it('is kept from the verification step to the payment, for reading the charge again and refunding it', () => {
    const withCharge = { ...verify(), data: { ...verify().data, chargeId: 'ch_1' } };
    const [required] = spec.given([onrampCreated(), cardStarted()]).when(withCharge).events();
    expect(required).toMatchObject({ type: 'OrderCardVerificationRequired', data: { chargeId: 'ch_1' } });
    const succeeded = {
      type: 'RecordCardPaymentResult' as const,
      data: { paymentId: PAYMENT_ID, at: LATER, outcome: 'succeeded' as const, chargeId: 'ch_1' },
    };
    const [paid] = spec
      .given([onrampCreated(), cardStarted(), required as OrderEvent])
      .when(succeeded)
      .events();
    const order = orderOf([onrampCreated(), cardStarted(), required as OrderEvent, paid as OrderEvent]);
    expect(order.payment.card?.chargeId).toBe('ch_1');
    expect(order.payment.received?.chargeId).toBe('ch_1');
  });
});

describe('openCardAttempt', () => {
  it('is the attempt with this id while it stands, so a retry charges it as it was opened', () => {
    expect(openCardAttempt(orderOf([onrampCreated(), cardStarted()]), PAYMENT_ID)).toMatchObject({
      paymentId: PAYMENT_ID,
      amount: { amount: '100', currency: 'usd' },
      state: 'authorizing',
    });
    expect(openCardAttempt(orderOf([onrampCreated(), cardStarted(), cardSucceeded()]), PAYMENT_ID)?.state).toBe(
      'succeeded',
    );
  });

  it('is none for another id, a declined attempt, or an order without one', () => {
    expect(openCardAttempt(orderOf([onrampCreated(), cardStarted()]), 'pay_0002')).toBeUndefined();
    expect(openCardAttempt(orderOf([onrampCreated(), cardStarted(), cardDeclined()]), PAYMENT_ID)).toBeUndefined();
    expect(openCardAttempt(orderOf([onrampCreated()]), PAYMENT_ID)).toBeUndefined();
  });
});
