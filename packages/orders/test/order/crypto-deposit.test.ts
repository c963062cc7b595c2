import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  orderDecider,
  orderPhase,
  paymentStatus,
  type Order,
  type OrderEvent,
  type RecordCryptoDeposit,
} from '../../src/index.js';
import {
  AFTER_EXPIRY,
  DEPOSIT_ADDRESS,
  DEPOSIT_TX,
  LATER,
  MEMO,
  ORDER_ID,
  PAYER,
  depositReceived,
  offrampCreated,
  onrampCreated,
  payoutPrice,
  quoteExpired,
  quoteFor,
  OFFRAMP_EXECUTION,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);

const deposit = (overrides: Partial<RecordCryptoDeposit['data']> = {}): RecordCryptoDeposit => ({
  type: 'RecordCryptoDeposit',
  data: {
    chain: 'base-sepolia',
    txId: DEPOSIT_TX,
    amount: '250.000000',
    currency: 'USDC',
    memo: MEMO,
    from: PAYER,
    to: DEPOSIT_ADDRESS,
    receivedAt: LATER,
    ...overrides,
  },
});

describe('RecordCryptoDeposit', () => {
  it('a matching deposit pays the order and starts the payout', () => {
    spec.given([offrampCreated()]).when(deposit()).then([depositReceived()]);
    const order = fold(orderDecider, [offrampCreated(), depositReceived()]) as Order;
    expect([orderPhase(order), paymentStatus(order), order.lineItems[0]!.delivery.status]).toEqual([
      'delivery',
      'completed',
      'in-progress',
    ]);
  });

  it('accepts a deposit whose sender and recipient the gateway did not report', () => {
    const [event] = spec
      .given([offrampCreated()])
      .when(deposit({ from: undefined, to: undefined }))
      .events();
    expect(event).toEqual({
      type: 'OrderCryptoDepositReceived',
      data: {
        orderId: ORDER_ID,
        chain: 'base-sepolia',
        txId: DEPOSIT_TX,
        amount: { amount: '250', currency: 'usdc' },
        memo: MEMO,
        to: DEPOSIT_ADDRESS,
        receivedAt: LATER,
      },
    });
  });

  it('the same transaction reported again changes nothing', () => {
    spec.given([offrampCreated(), depositReceived()]).when(deposit()).thenNothingHappened();
  });

  it.each<[string, Partial<RecordCryptoDeposit['data']>, string, string]>([
    ['another chain', { chain: 'polygon-amoy' }, 'chain', 'polygon-amoy'],
    ['another currency', { currency: 'usdt' }, 'currency', 'usdt'],
    ['less than quoted', { amount: '249.99' }, 'amount', '249.99'],
    ['more than quoted', { amount: '250.000001' }, 'amount', '250.000001'],
    ['a malformed amount', { amount: '2.5e2' }, 'amount', '2.5e2'],
    ['another memo', { memo: 'ord-other' }, 'memo', 'ord-other'],
    [
      'another deposit address',
      { to: '0x9999999999999999999999999999999999999999' },
      'recipient',
      '0x9999999999999999999999999999999999999999',
    ],
    [
      'another payer',
      { from: '0x8888888888888888888888888888888888888888' },
      'payer',
      '0x8888888888888888888888888888888888888888',
    ],
  ])('refuses a deposit with %s as invalid, changing nothing', (_, overrides, field, actual) => {
    spec.given([offrampCreated()]).when(deposit(overrides)).thenFails({ kind: 'invalid', code: 'deposit_mismatch' });
    spec
      .given([offrampCreated()])
      .when(deposit(overrides))
      .thenFails((error) => {
        expect(error.parameters).toMatchObject({ field, actual });
      });
  });

  it('refuses a deposit that landed after the quote expired', () => {
    spec
      .given([offrampCreated()])
      .when(deposit({ receivedAt: AFTER_EXPIRY }))
      .thenFails({ code: 'quote_expired' });
  });

  it('after an expiry and a re-quote, the same deposit (exact-in amount unchanged) is accepted', () => {
    const requoted: OrderEvent = {
      type: 'OrderRequoted',
      data: { orderId: ORDER_ID, quote: quoteFor(payoutPrice, OFFRAMP_EXECUTION, AFTER_EXPIRY) },
    };
    spec.given([offrampCreated(), quoteExpired()]).when(deposit()).thenFails({ code: 'quote_expired' });
    spec.given([offrampCreated(), quoteExpired(), requoted]).when(deposit()).then([depositReceived()]);
  });

  it('refuses while the identity check is pending', () => {
    spec
      .given([offrampCreated({ kyc: { required: true, standing: 'unverified' } })])
      .when(deposit())
      .thenFails({ code: 'payment_not_allowed', parameters: { paymentStatus: 'requires-kyc' } });
  });

  it('refuses a second, different deposit', () => {
    spec
      .given([offrampCreated(), depositReceived()])
      .when(deposit({ txId: '0xother' }))
      .thenFails({ code: 'payment_already_received' });
  });

  it('refuses on a card order', () => {
    spec.given([onrampCreated()]).when(deposit()).thenFails({ code: 'payment_method_mismatch' });
  });

  it('refuses a malformed time', () => {
    spec
      .given([offrampCreated()])
      .when(deposit({ receivedAt: 'block 12' }))
      .thenFails({ code: 'invalid_timestamp' });
  });
});
