import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, paymentStatus, type Order, type OrderEvent } from '../../src/index.js';
import {
  DEPOSIT_ADDRESS,
  LATER,
  MEMO,
  ORDER_ID,
  PAYER,
  cardStarted,
  depositReceived,
  offrampCreated,
  onrampCreated,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const statusAfter = (events: OrderEvent[]) => paymentStatus(fold(orderDecider, events) as Order);

describe('ProvideReceiptEmail', () => {
  const withoutEmail = onrampCreated({ payment: { method: 'card', currency: 'usd' } });
  const provided: OrderEvent = {
    type: 'OrderReceiptEmailProvided',
    data: { orderId: ORDER_ID, receiptEmail: 'late@example.com' },
  };

  it('completes a card order that required an email', () => {
    spec
      .given([withoutEmail])
      .when({ type: 'ProvideReceiptEmail', data: { receiptEmail: 'late@example.com' } })
      .then([provided]);
    expect(statusAfter([withoutEmail])).toBe('requires-email');
    expect(statusAfter([withoutEmail, provided])).toBe('awaiting-payment');
  });

  it('does nothing for the same address', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'ProvideReceiptEmail', data: { receiptEmail: 'buyer@example.com' } })
      .thenNothingHappened();
  });

  it('refuses a malformed address', () => {
    spec
      .given([withoutEmail])
      .when({ type: 'ProvideReceiptEmail', data: { receiptEmail: 'x@' } })
      .thenFails({ code: 'invalid_receipt_email' });
  });

  it('refuses once a payment attempt started', () => {
    spec
      .given([onrampCreated(), cardStarted()])
      .when({ type: 'ProvideReceiptEmail', data: { receiptEmail: 'other@example.com' } })
      .thenFails({ code: 'payment_details_locked' });
  });
});

describe('ProvideCryptoPayer', () => {
  const withoutPayer = offrampCreated({
    payment: { method: 'base-sepolia', currency: 'usdc', receiptEmail: 'seller@example.com' },
    deposit: { address: DEPOSIT_ADDRESS, memo: MEMO },
  });
  const provide = (payerAddress = PAYER, serializedTransaction = '0xsigned') => ({
    type: 'ProvideCryptoPayer' as const,
    data: { payerAddress, serializedTransaction },
  });
  const provided: OrderEvent = {
    type: 'OrderCryptoPayerProvided',
    data: { orderId: ORDER_ID, payerAddress: PAYER, serializedTransaction: '0xsigned' },
  };

  it('moves an offramp order from requires-crypto-payer-address to awaiting-payment', () => {
    spec.given([withoutPayer]).when(provide()).then([provided]);
    expect(statusAfter([withoutPayer])).toBe('requires-crypto-payer-address');
    expect(statusAfter([withoutPayer, provided])).toBe('awaiting-payment');
  });

  it('does nothing when repeated', () => {
    spec.given([withoutPayer, provided]).when(provide()).thenNothingHappened();
  });

  it('refuses an empty payer', () => {
    spec.given([withoutPayer]).when(provide('', '')).thenFails({ code: 'invalid_payer' });
  });

  it('refuses on a card order', () => {
    spec.given([onrampCreated()]).when(provide()).thenFails({ code: 'payment_method_mismatch' });
  });

  it('refuses once the deposit arrived', () => {
    spec
      .given([offrampCreated(), depositReceived()])
      .when(provide(PAYER, '0xother'))
      .thenFails({ code: 'payment_details_locked' });
  });
});

describe('RecordPayerFunds', () => {
  const check = (amount: string, gasSufficient = true) => ({
    type: 'RecordPayerFunds' as const,
    data: { balance: { amount, currency: 'usdc' }, gasSufficient, checkedAt: LATER },
  });
  const checked = (amount: string, sufficient: boolean, gasSufficient: boolean): OrderEvent => ({
    type: 'OrderPayerFundsChecked',
    data: {
      orderId: ORDER_ID,
      balance: { amount, currency: 'usdc' },
      required: { amount: '250', currency: 'usdc' },
      sufficient,
      gasSufficient,
      checkedAt: LATER,
    },
  });

  it('flags a payer who holds less than the deposit', () => {
    spec
      .given([offrampCreated()])
      .when(check('249.999999'))
      .then([checked('249.999999', false, true)]);
    expect(statusAfter([offrampCreated(), checked('249.999999', false, true)])).toBe('crypto-payer-insufficient-funds');
  });

  it('flags a payer without gas', () => {
    expect(statusAfter([offrampCreated(), checked('250', true, false)])).toBe(
      'crypto-payer-insufficient-funds-for-gas',
    );
  });

  it('clears the flag when the payer is funded', () => {
    spec
      .given([offrampCreated(), checked('1', false, true)])
      .when(check('300'))
      .then([checked('300', true, true)]);
    expect(statusAfter([offrampCreated(), checked('1', false, true), checked('300', true, true)])).toBe(
      'awaiting-payment',
    );
  });

  it('does nothing when the reading did not change, or after the deposit', () => {
    spec
      .given([offrampCreated(), checked('1', false, true)])
      .when(check('2'))
      .thenNothingHappened();
    spec.given([offrampCreated(), depositReceived()]).when(check('0')).thenNothingHappened();
  });

  it('refuses a balance in another currency or not a decimal', () => {
    spec
      .given([offrampCreated()])
      .when({
        type: 'RecordPayerFunds',
        data: { balance: { amount: '1', currency: 'eth' }, gasSufficient: true, checkedAt: LATER },
      })
      .thenFails({ code: 'balance_currency_mismatch' });
    spec.given([offrampCreated()]).when(check('lots')).thenFails({ code: 'invalid_amount' });
  });

  it('refuses on a card order', () => {
    spec.given([onrampCreated()]).when(check('1')).thenFails({ code: 'payment_method_mismatch' });
  });
});
