import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, orderStreamName, type OrderCommand } from '../../src/index.js';
import { LATER, ORDER_ID, onrampQuote } from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);

const commands: OrderCommand[] = [
  { type: 'ExpireQuote', data: { now: LATER } },
  { type: 'Requote', data: { quote: onrampQuote } },
  {
    type: 'StartKycInquiry',
    data: { inquiry: { provider: 'p', inquiryId: 'i', sessionToken: 's', environmentId: 'e' } },
  },
  { type: 'RecordKycOutcome', data: { inquiryId: 'i', outcome: 'approved', recordedAt: LATER } },
  { type: 'ProvideReceiptEmail', data: { receiptEmail: 'a@b.co' } },
  { type: 'ProvideCryptoPayer', data: { payerAddress: '0x1', serializedTransaction: '0x2' } },
  {
    type: 'RecordPayerFunds',
    data: { balance: { amount: '1', currency: 'usdc' }, gasSufficient: true, checkedAt: LATER },
  },
  { type: 'AuthorizeCardPayment', data: { paymentId: 'p', amount: { amount: '1', currency: 'usd' }, now: LATER } },
  { type: 'RecordCardPaymentResult', data: { paymentId: 'p', at: LATER, outcome: 'succeeded' } },
  {
    type: 'RecordCryptoDeposit',
    data: { chain: 'c', txId: 't', amount: '1', currency: 'usdc', memo: 'm', receivedAt: LATER },
  },
  { type: 'StartDelivery', data: { deliveryId: 'd', startedAt: LATER } },
  { type: 'CompleteDelivery', data: { deliveryId: 'd', completedAt: LATER } },
  { type: 'FailDelivery', data: { code: 'c', message: 'm', failedAt: LATER } },
  {
    type: 'Refund',
    data: { amount: { amount: '1', currency: 'usd' }, reason: 'r', reference: 'r', refundedAt: LATER },
  },
];

describe('commands on an order that does not exist', () => {
  it.each(commands.map((command) => [command.type, command] as const))('%s is Not found', (_, command) => {
    spec.given([]).when(command).thenFails({ kind: 'not_found', code: 'not_found', message: 'Not found' });
  });

  it('orders live in streams named order-<id>', () => {
    expect(orderStreamName(ORDER_ID)).toBe(`order-${ORDER_ID}`);
  });
});
