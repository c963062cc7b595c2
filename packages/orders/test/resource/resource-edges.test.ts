import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import {
  currencyFilterMatches,
  orderDecider,
  toOrderResource,
  type Order,
  type OrderCommand,
  type OrderEvent,
} from '../../src/index.js';
import {
  LATER,
  ORDER_ID,
  PAYMENT_ID,
  WALLET,
  cardStarted,
  cardSucceeded,
  createOnramp,
  offrampCreated,
  onrampCreated,
  paidOnramp,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const resourceOf = (events: readonly OrderEvent[]) => toOrderResource(fold(orderDecider, events) as Order);
const decided = (given: readonly OrderEvent[], command: OrderCommand): OrderEvent[] => [
  ...given,
  ...spec.given(given).when(command).events(),
];

describe('payment preparation shows only what the payer must do now', () => {
  const inquiry = { provider: 'persona', inquiryId: 'inq_1', sessionToken: 'sess_1', environmentId: 'env_sandbox' };

  it('no identity check once it is approved', () => {
    const resource = resourceOf([
      onrampCreated({ kyc: { required: true, standing: 'unverified' } }),
      { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } },
      {
        type: 'OrderKycOutcomeRecorded',
        data: { orderId: ORDER_ID, inquiryId: 'inq_1', outcome: 'approved', recordedAt: LATER },
      },
    ]);
    expect(resource.payment.status).toBe('awaiting-payment');
    expect(resource.payment).not.toHaveProperty('preparation');
  });

  it('no card verification once the card is paid', () => {
    const verification = { type: 'three-d-secure', url: 'https://processor.test/3ds' };
    const resource = resourceOf([
      onrampCreated(),
      cardStarted(),
      { type: 'OrderCardVerificationRequired', data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, verification } },
      cardSucceeded(),
    ]);
    expect(resource.payment.status).toBe('completed');
    expect(resource.payment).not.toHaveProperty('preparation');
  });
});

describe('line items and deliveries', () => {
  it('an offramp line item carries no maxSlippageBps (its rate is locked)', () => {
    expect(resourceOf([offrampCreated()]).lineItems[0]).not.toHaveProperty('maxSlippageBps');
  });

  it("an onramp delivery shows the rail it is sent on and the recipient's locator", () => {
    const locator = 'email:buyer@example.com:evm';
    const created = decided([], createOnramp({ recipient: { walletAddress: WALLET, locator } }));
    const paid = [...created, ...paidOnramp().slice(1)];
    const events = decided(paid, {
      type: 'StartDelivery',
      data: { deliveryId: 'transfer-1', executionPrice: '2500', rail: 'onchain', startedAt: LATER },
    });
    expect(resourceOf(events).lineItems[0]?.delivery).toEqual({
      status: 'in-progress',
      rail: 'onchain',
      recipient: { locator, walletAddress: WALLET },
    });
  });
});

describe('the currency filter', () => {
  it('ignores spaces around a term', () => {
    expect(currencyFilterMatches(' usd ', { currency: 'usd', fiat: true })).toBe(true);
    expect(currencyFilterMatches(' fiat ', { currency: 'usd', fiat: true })).toBe(true);
  });
});
