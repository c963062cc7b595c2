import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, orderPhase, type Order, type OrderEvent } from '../../src/index.js';
import {
  DELIVERY_TX,
  LATER,
  ORDER_ID,
  TOKEN,
  TRANSFER_ID,
  depositReceived,
  deliveryFailed,
  offrampCreated,
  onrampCreated,
  onrampDeliveryStarted,
  paidOnramp,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const orderOf = (events: OrderEvent[]) => fold(orderDecider, events) as Order;

const start = (executionPrice?: string, deliveryId = TRANSFER_ID) => ({
  type: 'StartDelivery' as const,
  data: { deliveryId, startedAt: LATER, ...(executionPrice !== undefined && { executionPrice }) },
});
const token = { contractAddress: '0x4444444444444444444444444444444444444444', symbol: 'TT', decimals: 18 };
const complete = (deliveryId = TRANSFER_ID) => ({
  type: 'CompleteDelivery' as const,
  data: { deliveryId, txId: DELIVERY_TX, token, completedAt: LATER },
});
const delivered: OrderEvent = {
  type: 'OrderDeliveryCompleted',
  data: {
    orderId: ORDER_ID,
    lineItemIndex: 0,
    deliveryId: TRANSFER_ID,
    txId: DELIVERY_TX,
    tokens: [{ locator: TOKEN, ...token, quantity: '0.036648' }],
    completedAt: LATER,
  },
};

describe('StartDelivery (onramp)', () => {
  it('submits the transfer at an execution price within the tolerance', () => {
    spec.given(paidOnramp()).when(start('2500')).then([onrampDeliveryStarted()]);
  });

  it('delivers fewer tokens when the price rose within the tolerance', () => {
    const [event] = spec.given(paidOnramp()).when(start('2625')).events();
    expect(event).toMatchObject({
      data: { quantity: '0.034902857142857142', executionPrice: { amount: '2625', currency: 'usd' } },
    });
  });

  it('fails the line item with slippage-tolerance-exceeded beyond the tolerance', () => {
    const [event] = spec.given(paidOnramp()).when(start('2625.01')).events();
    expect(event).toMatchObject({
      type: 'OrderDeliveryFailed',
      data: {
        deliveryId: TRANSFER_ID,
        failureReason: { code: 'slippage-tolerance-exceeded' },
        executionPrice: { amount: '2625.01', currency: 'usd' },
      },
    });
    const order = orderOf([...paidOnramp(), event!]);
    expect([order.lineItems[0]!.delivery.status, orderPhase(order)]).toEqual(['failed', 'delivery']);
    spec
      .given([...paidOnramp(), event!])
      .when(start('2625.01'))
      .thenNothingHappened();
  });

  it('repeating the same delivery changes nothing', () => {
    spec
      .given([...paidOnramp(), onrampDeliveryStarted()])
      .when(start('2500'))
      .thenNothingHappened();
  });

  it.each<[string, OrderEvent[], ReturnType<typeof start>, string]>([
    ['an unpaid order', [onrampCreated()], start('2500'), 'delivery_not_allowed'],
    [
      'a second delivery',
      [...paidOnramp(), onrampDeliveryStarted()],
      start('2500', 'transfer-2'),
      'delivery_already_started',
    ],
    [
      'a failed line item',
      [...paidOnramp(), deliveryFailed()],
      start('2500', 'transfer-2'),
      'delivery_already_finished',
    ],
    ['no execution price', paidOnramp(), start(), 'execution_price_required'],
    ['a zero execution price', paidOnramp(), start('0'), 'invalid_execution_price'],
  ])('refuses %s', (_, given, command, code) => {
    spec.given(given).when(command).thenFails({ code });
  });

  it('refuses a line item the order does not have', () => {
    spec
      .given(paidOnramp())
      .when({
        type: 'StartDelivery',
        data: { lineItemIndex: 1, deliveryId: TRANSFER_ID, executionPrice: '2500', startedAt: LATER },
      })
      .thenFails({ code: 'unknown_line_item' });
  });
});

describe('CompleteDelivery (onramp)', () => {
  it('records the transaction and the tokens delivered, completing the order', () => {
    spec
      .given([...paidOnramp(), onrampDeliveryStarted()])
      .when(complete())
      .then([delivered]);
    const order = orderOf([...paidOnramp(), onrampDeliveryStarted(), delivered]);
    expect([order.lineItems[0]!.delivery.status, orderPhase(order)]).toEqual(['completed', 'completed']);
  });

  it('repeating it changes nothing', () => {
    spec
      .given([...paidOnramp(), onrampDeliveryStarted(), delivered])
      .when(complete())
      .thenNothingHappened();
  });

  it('refuses without a transaction id and token', () => {
    spec
      .given([...paidOnramp(), onrampDeliveryStarted()])
      .when({ type: 'CompleteDelivery', data: { deliveryId: TRANSFER_ID, completedAt: LATER } })
      .thenFails({ code: 'tx_id_required' });
  });

  it('refuses before a delivery started, for another delivery, or after a failure', () => {
    spec.given(paidOnramp()).when(complete()).thenFails({ code: 'delivery_not_started' });
    spec
      .given([...paidOnramp(), onrampDeliveryStarted()])
      .when(complete('transfer-2'))
      .thenFails({ code: 'unknown_delivery' });
    spec
      .given([...paidOnramp(), onrampDeliveryStarted(), deliveryFailed()])
      .when(complete())
      .thenFails({ code: 'delivery_already_finished' });
  });
});

describe('delivery (offramp payout)', () => {
  const paid = [offrampCreated(), depositReceived()];
  const payoutSent: OrderEvent = {
    type: 'OrderDeliveryStarted',
    data: {
      orderId: ORDER_ID,
      lineItemIndex: 0,
      deliveryId: 'payout-1',
      quantity: '247.52',
      rail: 'ach',
      startedAt: LATER,
    },
  };
  const payoutSettled: OrderEvent = {
    type: 'OrderDeliveryCompleted',
    data: {
      orderId: ORDER_ID,
      lineItemIndex: 0,
      deliveryId: 'payout-1',
      payout: { amount: '247.52', currency: 'usd' },
      completedAt: LATER,
    },
  };

  it('sends the quoted fiat amount on the payout rail', () => {
    spec
      .given(paid)
      .when({ type: 'StartDelivery', data: { deliveryId: 'payout-1', rail: 'ach', startedAt: LATER } })
      .then([payoutSent]);
  });

  it('settles the payout and completes the order', () => {
    spec
      .given([...paid, payoutSent])
      .when({ type: 'CompleteDelivery', data: { deliveryId: 'payout-1', completedAt: LATER } })
      .then([payoutSettled]);
    expect(orderPhase(orderOf([...paid, payoutSent, payoutSettled]))).toBe('completed');
  });

  it('a returned payout fails the line item', () => {
    spec
      .given([...paid, payoutSent])
      .when({ type: 'FailDelivery', data: { code: 'payout-returned', message: 'Account closed', failedAt: LATER } })
      .then([
        {
          type: 'OrderDeliveryFailed',
          data: {
            orderId: ORDER_ID,
            lineItemIndex: 0,
            deliveryId: 'payout-1',
            failureReason: { code: 'payout-returned', message: 'Account closed' },
            failedAt: LATER,
          },
        },
      ]);
  });
});

describe('FailDelivery', () => {
  const fail = {
    type: 'FailDelivery' as const,
    data: { code: 'transfer-failed', message: 'The transfer reverted', failedAt: LATER },
  };

  it('fails an in-progress line item', () => {
    spec
      .given([...paidOnramp(), onrampDeliveryStarted()])
      .when(fail)
      .then([deliveryFailed()]);
  });

  it('fails a delivery that never started (an operator cancel)', () => {
    const [event] = spec.given(paidOnramp()).when(fail).events();
    expect(event).toEqual({
      type: 'OrderDeliveryFailed',
      data: {
        orderId: ORDER_ID,
        lineItemIndex: 0,
        failureReason: { code: 'transfer-failed', message: 'The transfer reverted' },
        failedAt: LATER,
      },
    });
  });

  it('does nothing on a failed line item and refuses on a delivered one', () => {
    spec
      .given([...paidOnramp(), deliveryFailed()])
      .when(fail)
      .thenNothingHappened();
    spec
      .given([...paidOnramp(), onrampDeliveryStarted(), delivered])
      .when(fail)
      .thenFails({ code: 'delivery_already_finished' });
  });

  it('refuses on an unpaid order', () => {
    spec.given([onrampCreated()]).when(fail).thenFails({ code: 'delivery_not_allowed' });
  });
});
