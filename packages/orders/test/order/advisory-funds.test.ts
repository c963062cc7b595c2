import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, type OrderEvent } from '../../src/index.js';
import {
  DEPOSIT_ADDRESS,
  DEPOSIT_TX,
  LATER,
  MEMO,
  ORDER_ID,
  PAYER,
  depositReceived,
  offrampCreated,
} from '../fixtures.js';

// The payer's balance reading is advisory: it sets the insufficient-funds statuses for the
// seller to see, but a deposit that arrives anyway pays the order.

const spec = DeciderSpecification.for(orderDecider);

const fundsChecked = (sufficient: boolean, gasSufficient: boolean): OrderEvent => ({
  type: 'OrderPayerFundsChecked',
  data: {
    orderId: ORDER_ID,
    balance: { amount: sufficient ? '250' : '1', currency: 'usdc' },
    required: { amount: '250', currency: 'usdc' },
    sufficient,
    gasSufficient,
    checkedAt: LATER,
  },
});

describe('a deposit after the payer was found short', () => {
  it.each<[string, OrderEvent]>([
    ['of the deposit amount', fundsChecked(false, true)],
    ['of gas', fundsChecked(true, false)],
  ])('pays the order all the same (short %s)', (_, checked) => {
    spec
      .given([offrampCreated(), checked])
      .when({
        type: 'RecordCryptoDeposit',
        data: {
          chain: 'base-sepolia',
          txId: DEPOSIT_TX,
          amount: '250',
          currency: 'usdc',
          memo: MEMO,
          from: PAYER,
          to: DEPOSIT_ADDRESS,
          receivedAt: LATER,
        },
      })
      .then([depositReceived()]);
  });
});
