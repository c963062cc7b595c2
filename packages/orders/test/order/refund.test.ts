import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, paymentStatus, type Order, type OrderEvent, type Refund } from '../../src/index.js';
import {
  LATER,
  ORDER_ID,
  depositReceived,
  deliveryFailed,
  offrampCreated,
  onrampCreated,
  onrampDeliveryStarted,
  paidOnramp,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);

const refund = (amount = '100', currency = 'usd', reference = 're_1'): Refund => ({
  type: 'Refund',
  data: { amount: { amount, currency }, reason: 'delivery-failed', reference, refundedAt: LATER },
});
const refunded = (amount = '100', currency = 'usd', method = 'card'): OrderEvent => ({
  type: 'OrderPaymentRefunded',
  data: {
    orderId: ORDER_ID,
    amount: { amount, currency },
    method,
    reason: 'delivery-failed',
    reference: 're_1',
    refundedAt: LATER,
  },
});

describe('Refund', () => {
  it('returns a card payment whose delivery failed', () => {
    spec
      .given([...paidOnramp(), deliveryFailed('slippage-tolerance-exceeded')])
      .when(refund())
      .then([refunded()]);
    const order = fold(orderDecider, [...paidOnramp(), deliveryFailed(), refunded()]) as Order;
    expect(paymentStatus(order)).toBe('refunded');
  });

  it('returns a stablecoin deposit whose payout failed', () => {
    spec
      .given([offrampCreated(), depositReceived(), deliveryFailed('payout-returned')])
      .when(refund('250', 'usdc'))
      .then([refunded('250', 'usdc', 'base-sepolia')]);
  });

  it('repeating the same refund changes nothing; another is refused', () => {
    spec
      .given([...paidOnramp(), deliveryFailed(), refunded()])
      .when(refund())
      .thenNothingHappened();
    spec
      .given([...paidOnramp(), deliveryFailed(), refunded()])
      .when(refund('100', 'usd', 're_2'))
      .thenFails({ code: 'already_refunded' });
  });

  it.each<[string, OrderEvent[], Refund, string]>([
    ['an unpaid order', [onrampCreated()], refund(), 'refund_not_allowed'],
    ['a delivery in progress', [...paidOnramp(), onrampDeliveryStarted()], refund(), 'refund_not_allowed'],
    ['a partial amount', [...paidOnramp(), deliveryFailed()], refund('50'), 'refund_amount_mismatch'],
    ['more than was paid', [...paidOnramp(), deliveryFailed()], refund('100.01'), 'refund_amount_mismatch'],
    ['another currency', [...paidOnramp(), deliveryFailed()], refund('100', 'eur'), 'refund_amount_mismatch'],
  ])('refuses %s', (_, given, command, code) => {
    spec.given(given).when(command).thenFails({ code });
  });

  it('refunded orders take no further delivery', () => {
    spec
      .given([...paidOnramp(), deliveryFailed(), refunded()])
      .when({ type: 'FailDelivery', data: { code: 'x', message: 'x', failedAt: LATER } })
      .thenFails({ code: 'delivery_not_allowed', parameters: { paymentStatus: 'refunded' } });
  });
});
