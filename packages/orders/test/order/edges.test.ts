import { fold } from '@paykit/kernel';
import { DeciderSpecification, refusal } from '@paykit/kernel/testing';
import { orderDecider, paymentStatus, type Order, type OrderCommand, type OrderEvent } from '../../src/index.js';
import {
  AFTER_EXPIRY,
  DEPOSIT_ADDRESS,
  DEPOSIT_TX,
  LATER,
  MEMO,
  ORDER_ID,
  PAYER,
  PAYMENT_ID,
  cardStarted,
  offrampCreated,
  offrampQuote,
  onrampCreated,
  onrampDeliveryStarted,
  paidOnramp,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const orderOf = (events: readonly OrderEvent[]) => fold(orderDecider, events) as Order;
const after = (given: readonly OrderEvent[], command: OrderCommand) =>
  orderOf([...given, ...spec.given(given).when(command).events()]);

const verification = { type: '3ds', url: 'https://bank.example/verify/1' };
const verificationRequired = (chargeId?: string): OrderEvent => ({
  type: 'OrderCardVerificationRequired',
  data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, verification, ...(chargeId && { chargeId }) },
});

describe('card payments', () => {
  it('a second attempt while one is under way is refused for the attempt, even once the quote has run out', () => {
    spec
      .given([onrampCreated(), cardStarted()])
      .when({
        type: 'AuthorizeCardPayment',
        data: { paymentId: 'pay_0002', amount: { amount: '100', currency: 'usd' }, now: AFTER_EXPIRY },
      })
      .thenFails(
        refusal(
          'conflict',
          'payment_not_allowed',
          'the order cannot take a payment while its payment status is in-progress',
          { paymentStatus: 'in-progress' },
        ),
      );
  });

  it('a verification of another kind at the same address is a new step for the payer', () => {
    const otherKind = { type: 'redirect', url: verification.url };
    spec
      .given([onrampCreated(), cardStarted(), verificationRequired()])
      .when({
        type: 'RecordCardPaymentResult',
        data: { paymentId: PAYMENT_ID, at: LATER, outcome: 'requires-verification', verification: otherKind },
      })
      .then([
        {
          type: 'OrderCardVerificationRequired',
          data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, verification: otherKind },
        },
      ]);
  });

  it("the order keeps the processor's charge id of an attempt awaiting verification or declined", () => {
    const awaiting = orderOf([onrampCreated(), cardStarted(), verificationRequired('ch_1')]);
    expect(awaiting.payment.card).toMatchObject({ state: 'requires-verification', chargeId: 'ch_1' });
    const declined = after([onrampCreated(), cardStarted()], {
      type: 'RecordCardPaymentResult',
      data: { paymentId: PAYMENT_ID, at: LATER, outcome: 'declined', chargeId: 'ch_2' },
    });
    expect(declined.payment.card).toMatchObject({ state: 'declined', chargeId: 'ch_2' });
  });
});

describe('crypto deposits', () => {
  it('a deposit reported for a card order that is already paid is refused as the wrong payment method', () => {
    spec
      .given(paidOnramp())
      .when({
        type: 'RecordCryptoDeposit',
        data: {
          chain: 'base-sepolia',
          txId: DEPOSIT_TX,
          amount: '100',
          currency: 'usd',
          memo: MEMO,
          from: PAYER,
          to: DEPOSIT_ADDRESS,
          receivedAt: LATER,
        },
      })
      .thenFails(refusal('invalid', 'payment_method_mismatch', 'this order is not paid by a crypto deposit'));
  });
});

describe("the payer's funds", () => {
  const funds = (gasSufficient: boolean): OrderCommand => ({
    type: 'RecordPayerFunds',
    data: { balance: { amount: '300', currency: 'usdc' }, gasSufficient, checkedAt: LATER },
  });

  const checked = (gasSufficient: boolean): OrderEvent => ({
    type: 'OrderPayerFundsChecked',
    data: {
      orderId: ORDER_ID,
      balance: { amount: '300', currency: 'usdc' },
      required: offrampQuote.totalPrice,
      sufficient: true,
      gasSufficient,
      checkedAt: LATER,
    },
  });

  it('a new reading that only changes the gas answer is recorded', () => {
    expect(paymentStatus(orderOf([offrampCreated(), checked(false)]))).toBe('crypto-payer-insufficient-funds-for-gas');
    spec
      .given([offrampCreated(), checked(false)])
      .when(funds(true))
      .then([checked(true)]);
  });

  it('the same reading again changes nothing', () => {
    spec
      .given([offrampCreated(), checked(false)])
      .when(funds(false))
      .thenNothingHappened();
  });
});

describe('deliveries', () => {
  it('the order keeps the unit price an onramp delivery executes at', () => {
    const order = orderOf([...paidOnramp(), onrampDeliveryStarted()]);
    expect(order.lineItems[0]?.delivery).toMatchObject({ status: 'in-progress', executionPrice: '2500' });
  });
});
