import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { type Order, type OrderEvent, type PlaceOrder, paymentStatus, placeOrderDecider } from '../../src/index.js';
import { ORDER_ID, createOfframp, createOnramp, offrampCreated, onrampCreated } from '../fixtures.js';

const spec = DeciderSpecification.for(placeOrderDecider);
const inquiry = { provider: 'persona', inquiryId: 'inq_1', sessionToken: 'sess_1', environmentId: 'env_sandbox' };
const inquiryStarted: OrderEvent = { type: 'OrderKycInquiryStarted', data: { orderId: ORDER_ID, inquiry } };
const aboveThreshold = { standing: 'unverified', noKycThreshold: { amount: '99.99', currency: 'usd' } } as const;
const statusAfter = (events: readonly OrderEvent[]) => paymentStatus(fold(placeOrderDecider, events) as Order);

describe('PlaceOrder: the order and its identity check, one decision', () => {
  it('places an order that needs no check as CreateOrder alone would', () => {
    spec.given([]).when({ create: createOnramp() }).then([onrampCreated()]);
  });

  it('records the inquiry in the same append as the order that waits for it', () => {
    const place: PlaceOrder = { create: createOnramp({ kyc: aboveThreshold }), inquiry };
    spec
      .given([])
      .when(place)
      .then([onrampCreated({ kyc: { required: true, standing: 'unverified' } }), inquiryStarted]);
    expect(statusAfter(spec.given([]).when(place).events())).toBe('requires-kyc');
  });

  it('leaves out an inquiry the order does not wait for (its total needs no check)', () => {
    spec.given([]).when({ create: createOnramp(), inquiry }).then([onrampCreated()]);
  });

  it('leaves out the inquiry when the buyer is already in review', () => {
    const create = createOnramp({ kyc: { ...aboveThreshold, standing: 'pending-review' } });
    spec
      .given([])
      .when({ create, inquiry })
      .then([onrampCreated({ kyc: { required: true, standing: 'pending-review' } })]);
  });

  it('leaves out the inquiry while the payment first needs a receipt email', () => {
    const create = createOnramp({ kyc: aboveThreshold, payment: { method: 'card', currency: 'usd' } });
    const [created, ...more] = spec.given([]).when({ create, inquiry }).events();
    expect([created?.type, more]).toEqual(['OrderCreated', []]);
  });

  it('places an offramp with its check (no threshold: always a check)', () => {
    const create = createOfframp({ kyc: { standing: 'unverified' } });
    spec
      .given([])
      .when({ create, inquiry })
      .then([offrampCreated({ kyc: { required: true, standing: 'unverified' } }), inquiryStarted]);
  });

  it('refuses as CreateOrder does, and starts no check for an order it did not place', () => {
    spec.given([onrampCreated()]).when({ create: createOnramp(), inquiry }).thenFails({ code: 'order_already_exists' });
    spec
      .given([])
      .when({ create: createOnramp({ lineItems: [] }), inquiry })
      .thenFails({ code: 'invalid_line_items' });
  });
});
