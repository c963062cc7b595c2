import * as E from 'fp-ts/lib/Either.js';
import { getOrThrow } from '@paykit/kernel';
import {
  orderDecider,
  orderListFacets,
  toOrderResource,
  type Order,
  type OrderCommand,
  type OrderEvent,
  type OrderState,
} from '../../src/index.js';
import {
  AFTER_EXPIRY,
  DEPOSIT_ADDRESS,
  LATER,
  MEMO,
  PAYER,
  createOfframp,
  createOnramp,
  payoutPrice,
  quoteFor,
  OFFRAMP_EXECUTION,
} from '../fixtures.js';

/** Runs commands one after another as a command handler would: decide, then fold the new events. */
const run = (commands: OrderCommand[]) => {
  let state: OrderState = orderDecider.initialState();
  const history: OrderEvent[] = [];
  for (const command of commands) {
    const events = getOrThrow(orderDecider.decide(command, state));
    history.push(...events);
    state = events.reduce(orderDecider.evolve, state);
  }
  return { order: state as Order, history };
};

describe('a full onramp: create -> KYC -> card -> delivered to the wallet', () => {
  const { order, history } = run([
    createOnramp({ kyc: { standing: 'unverified', noKycThreshold: { amount: '50', currency: 'usd' } } }),
    {
      type: 'StartKycInquiry',
      data: { inquiry: { provider: 'persona', inquiryId: 'inq_1', sessionToken: 's', environmentId: 'e' } },
    },
    { type: 'RecordKycOutcome', data: { inquiryId: 'inq_1', outcome: 'approved', recordedAt: LATER } },
    {
      type: 'AuthorizeCardPayment',
      data: { paymentId: 'pay_1', amount: { amount: '100', currency: 'usd' }, now: LATER },
    },
    { type: 'RecordCardPaymentResult', data: { paymentId: 'pay_1', at: LATER, outcome: 'succeeded' } },
    { type: 'StartDelivery', data: { deliveryId: 'tr_1', executionPrice: '2510', startedAt: LATER } },
    {
      type: 'CompleteDelivery',
      data: { deliveryId: 'tr_1', txId: '0xtx', token: { symbol: 'TT', decimals: 18 }, completedAt: LATER },
    },
  ]);

  it('ends completed with the tokens the execution price bought', () => {
    const resource = toOrderResource(order);
    expect([resource.phase, resource.payment.status, resource.lineItems[0]!.delivery.status]).toEqual([
      'completed',
      'completed',
      'completed',
    ]);
    // 91.62 usd of subtotal at 2510 usd per token
    expect(resource.lineItems[0]!.delivery.tokens?.[0]?.quantity).toBe('0.036501992031872509');
    expect(orderListFacets(order)).toMatchObject({ paymentFilter: 'succeeded', deliveryFilter: 'delivered' });
  });

  it('leaves a trail of events for reconciliation', () => {
    expect(history.map((event) => event.type)).toEqual([
      'OrderCreated',
      'OrderKycInquiryStarted',
      'OrderKycOutcomeRecorded',
      'OrderCardPaymentStarted',
      'OrderCardPaymentSucceeded',
      'OrderDeliveryStarted',
      'OrderDeliveryCompleted',
    ]);
  });
});

describe('a full offramp: create -> expiry -> re-quote -> deposit -> payout settled', () => {
  const { order, history } = run([
    createOfframp({
      payment: { method: 'base-sepolia', currency: 'usdc' },
      deposit: { address: DEPOSIT_ADDRESS, memo: MEMO },
    }),
    { type: 'ProvideCryptoPayer', data: { payerAddress: PAYER, serializedTransaction: '0xsigned' } },
    { type: 'ExpireQuote', data: { now: AFTER_EXPIRY } },
    { type: 'Requote', data: { quote: quoteFor(payoutPrice, OFFRAMP_EXECUTION, AFTER_EXPIRY) } },
    {
      type: 'RecordCryptoDeposit',
      data: {
        chain: 'base-sepolia',
        txId: '0xdep',
        amount: '250',
        currency: 'usdc',
        memo: MEMO,
        from: PAYER,
        receivedAt: AFTER_EXPIRY,
      },
    },
    { type: 'StartDelivery', data: { deliveryId: 'po_1', rail: 'ach', startedAt: AFTER_EXPIRY } },
    { type: 'CompleteDelivery', data: { deliveryId: 'po_1', completedAt: AFTER_EXPIRY } },
  ]);

  it('ends completed with the payout settled', () => {
    const resource = toOrderResource(order);
    expect([resource.phase, resource.payment.status]).toEqual(['completed', 'completed']);
    expect(history.at(-1)).toMatchObject({
      type: 'OrderDeliveryCompleted',
      data: { payout: { amount: '247.52', currency: 'usd' } },
    });
  });
});

describe('a failed delivery: slippage -> refund', () => {
  it('fails the line item and returns the whole payment', () => {
    const { order } = run([
      createOnramp(),
      {
        type: 'AuthorizeCardPayment',
        data: { paymentId: 'pay_1', amount: { amount: '100', currency: 'usd' }, now: LATER },
      },
      { type: 'RecordCardPaymentResult', data: { paymentId: 'pay_1', at: LATER, outcome: 'succeeded' } },
      { type: 'StartDelivery', data: { deliveryId: 'tr_1', executionPrice: '3000', startedAt: LATER } },
      {
        type: 'Refund',
        data: { amount: { amount: '100', currency: 'usd' }, reason: 'slippage', reference: 're_1', refundedAt: LATER },
      },
    ]);
    const resource = toOrderResource(order);
    expect(resource.payment.status).toBe('refunded');
    expect(resource.lineItems[0]!.delivery.failureReason?.code).toBe('slippage-tolerance-exceeded');
    expect(orderListFacets(order)).toMatchObject({ paymentFilter: 'refunded', deliveryFilter: 'failed' });
    expect(
      E.isLeft(
        orderDecider.decide(
          { type: 'StartDelivery', data: { deliveryId: 'tr_2', executionPrice: '2500', startedAt: LATER } },
          order,
        ),
      ),
    ).toBe(true);
  });
});
