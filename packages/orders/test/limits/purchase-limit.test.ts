import * as E from 'fp-ts/lib/Either.js';
import { fold } from '@paykit/kernel';
import { Decimal } from '@paykit/kernel';
import {
  checkPurchaseLimit,
  orderDecider,
  purchaseLimitExceeded,
  purchaseOfOrder,
  type Order,
  type OrderEvent,
  type PurchaseLimitInput,
  type RecentPurchase,
} from '../../src/index.js';
import {
  LATER,
  ORDER_ID,
  PAYMENT_ID,
  cardDeclined,
  cardStarted,
  deliveryFailed,
  depositReceived,
  offrampCreated,
  onrampCreated,
  paidOnramp,
} from '../fixtures.js';

const NOW = '2026-01-02T12:00:00.000Z';
const policy = { limit: '1000', currency: 'usd', windowHours: 24 };
const check = (amount: string, recentPurchases: RecentPurchase[] = [], overrides: Partial<PurchaseLimitInput> = {}) =>
  checkPurchaseLimit({ policy, amount, recentPurchases, now: NOW, ...overrides });

const recent: RecentPurchase[] = [
  { amount: '900', at: '2026-01-01T12:00:00.000Z' }, // exactly one window ago: no longer counts
  { amount: '300', at: '2026-01-01T13:00:00.000Z' },
  { amount: '500', at: '2026-01-02T09:30:00.000Z' },
];

describe('checkPurchaseLimit', () => {
  it('allows a purchase up to what is left in the window', () => {
    expect(check('1000')).toEqual(E.right({ remainingAmount: '0' }));
    expect(check('150.5', recent)).toEqual(E.right({ remainingAmount: '49.5' }));
    expect(check('200', recent)).toEqual(E.right({ remainingAmount: '0' }));
  });

  it('refuses beyond it with single_purchase_exceeded and four string parameters', () => {
    const result = check('250', recent);
    expect(result).toEqual(
      E.left(
        expect.objectContaining({
          kind: 'invalid',
          code: 'single_purchase_exceeded',
          // the 09:30 purchase leaves the window at 09:30 tomorrow: 21.5 hours, rounded up
          parameters: { amount: '250', limit: '1000', hoursUntilReset: '22', remainingAmount: '200' },
        }),
      ),
    );
  });

  it('the refusal says what was asked, the limit and its window, and what can be spent now', () => {
    const result = check('250', recent);
    expect(E.isLeft(result) && result.left.message).toBe(
      'This purchase of 250 usd exceeds the limit of 1000 usd per 24 hours; 200 can be spent now',
    );
  });

  it('a single purchase above the limit with nothing spent resets in 0 hours', () => {
    expect(check('1000.01')).toEqual(
      E.left(
        expect.objectContaining({
          parameters: { amount: '1000.01', limit: '1000', hoursUntilReset: '0', remainingAmount: '1000' },
        }),
      ),
    );
  });

  it('never reports a negative remaining amount, even for the smallest purchase', () => {
    const overspent = [{ amount: '1200', at: '2026-01-02T11:59:00.000Z' }];
    expect(check('0.000001', overspent)).toEqual(
      E.left(
        expect.objectContaining({
          parameters: { amount: '0.000001', limit: '1000', hoursUntilReset: '24', remainingAmount: '0' },
        }),
      ),
    );
  });

  it.each<[string, Partial<PurchaseLimitInput>]>([
    ['a malformed time', { now: 'noon' }],
    ['a malformed amount', { amount: '1,000' }],
    ['a malformed purchase', { recentPurchases: [{ amount: '1', at: 'yesterday' }] }],
    ['an empty window', { policy: { ...policy, windowHours: 0 } }],
  ])('refuses %s as invalid input', (_, overrides) => {
    const result = check('1', [], overrides);
    expect(E.isLeft(result) && result.left).toMatchObject({
      code: 'invalid_purchase_limit_input',
      message: 'the purchase limit check needs decimal amounts and ISO times',
    });
  });
});

describe('purchaseLimitExceeded', () => {
  it('states a budget’s refusal as the check does: what is left now, and whole hours until the limit is back', () => {
    const refusal = purchaseLimitExceeded({
      policy,
      amount: new Decimal('250'),
      remaining: new Decimal('200'),
      resetsAt: Date.parse('2026-01-03T09:30:00.000Z'),
      now: Date.parse(NOW),
    });
    const checked = check('250', recent);
    expect(E.isLeft(checked) && checked.left).toEqual(refusal);
    expect(refusal.parameters).toEqual({ amount: '250', limit: '1000', hoursUntilReset: '22', remainingAmount: '200' });
  });
});

describe('purchaseOfOrder', () => {
  const of = (events: OrderEvent[]) => purchaseOfOrder(fold(orderDecider, events) as Order);

  it('counts a paid onramp order at the time it was paid', () => {
    expect(of(paidOnramp())).toEqual({ amount: '100', currency: 'usd', at: LATER });
  });

  it('counts a card payment from when the money arrived, not from when the attempt started', () => {
    const succeededLater: OrderEvent = {
      type: 'OrderCardPaymentSucceeded',
      data: { orderId: ORDER_ID, paymentId: PAYMENT_ID, amount: { amount: '100', currency: 'usd' }, succeededAt: NOW },
    };
    expect(of([onrampCreated(), cardStarted(), succeededLater])).toEqual({ amount: '100', currency: 'usd', at: NOW });
  });

  it('counts a card attempt under way from when it started', () => {
    expect(of([onrampCreated(), cardStarted()])).toEqual({ amount: '100', currency: 'usd', at: LATER });
  });

  it.each<[string, OrderEvent[]]>([
    ['an unpaid order', [onrampCreated()]],
    ['a declined card', [onrampCreated(), cardStarted(), cardDeclined()]],
    [
      'a refunded order',
      [
        ...paidOnramp(),
        deliveryFailed(),
        {
          type: 'OrderPaymentRefunded',
          data: {
            orderId: 'o',
            amount: { amount: '100', currency: 'usd' },
            method: 'card',
            reason: 'r',
            reference: 'r',
            refundedAt: LATER,
          },
        },
      ],
    ],
    ['an offramp sale', [offrampCreated(), depositReceived()]],
  ])('does not count %s', (_, events) => {
    expect(of(events)).toBeNull();
  });
});
