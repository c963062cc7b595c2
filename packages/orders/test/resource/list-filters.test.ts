import { fold } from '@paykit/kernel';
import {
  PAYMENT_FILTER_VALUES,
  PAYMENT_STATUSES,
  currencyFilterMatches,
  deliveryFilterOf,
  orderDecider,
  orderListFacets,
  paymentFilterOf,
  type Order,
  type OrderEvent,
  type StoredPaymentStatus,
} from '../../src/index.js';
import {
  CREATED_AT,
  ORDER_ID,
  PAYER,
  WALLET,
  depositReceived,
  offrampCreated,
  onrampCreated,
  paidOnramp,
} from '../fixtures.js';

describe('payment filter vocabulary', () => {
  it.each<[StoredPaymentStatus, string]>([
    ['requires-quote', 'expired'],
    ['requires-crypto-payer-address', 'quote-phase'],
    ['requires-email', 'quote-phase'],
    ['requires-kyc', 'quote-phase'],
    ['manual-kyc', 'quote-phase'],
    ['crypto-payer-insufficient-funds', 'quote-phase'],
    ['crypto-payer-insufficient-funds-for-gas', 'quote-phase'],
    ['awaiting-payment', 'quote-phase'],
    ['in-progress', 'in-progress'],
    ['completed', 'succeeded'],
    ['failed', 'declined'],
    ['failed-kyc', 'declined'],
    ['refunded', 'refunded'],
  ])('%s is listed under %s', (status, filter) => {
    expect(paymentFilterOf(status)).toBe(filter);
  });

  it('every stored status has a filter value and every filter value is reachable', () => {
    const stored = PAYMENT_STATUSES.filter((status): status is StoredPaymentStatus => status !== 'draft');
    expect(new Set(stored.map(paymentFilterOf))).toEqual(new Set(PAYMENT_FILTER_VALUES));
  });
});

describe('delivery filter vocabulary', () => {
  it.each([
    [['awaiting-payment'], 'not-started'],
    [['in-progress'], 'in-progress'],
    [['completed', 'in-progress'], 'in-progress'],
    [['completed'], 'delivered'],
    [['completed', 'failed'], 'partial-delivery'],
    [['failed'], 'failed'],
  ] as const)('%j is %s', (statuses, filter) => {
    expect(deliveryFilterOf(statuses)).toBe(filter);
  });
});

describe('orderListFacets', () => {
  const facets = (events: OrderEvent[]) => orderListFacets(fold(orderDecider, events) as Order);

  it('indexes an onramp order by its recipient wallet and fiat currency', () => {
    expect(facets(paidOnramp())).toEqual({
      orderId: ORDER_ID,
      createdAt: CREATED_AT,
      paymentStatus: 'completed',
      paymentFilter: 'succeeded',
      deliveryFilter: 'in-progress',
      currency: 'usd',
      fiat: true,
      buyerWalletAddress: WALLET,
    });
  });

  it('indexes an offramp order by its payer wallet and stablecoin', () => {
    expect(facets([offrampCreated()])).toMatchObject({
      paymentFilter: 'quote-phase',
      deliveryFilter: 'not-started',
      currency: 'usdc',
      fiat: false,
      buyerWalletAddress: PAYER,
    });
    expect(facets([offrampCreated(), depositReceived()]).deliveryFilter).toBe('in-progress');
  });

  it('the currency filter matches fiat for card orders and codes case-insensitively', () => {
    const card = facets([onrampCreated()]);
    const crypto = facets([offrampCreated()]);
    expect([currencyFilterMatches('fiat', card), currencyFilterMatches('fiat', crypto)]).toEqual([true, false]);
    expect([
      currencyFilterMatches('USD', card),
      currencyFilterMatches('usdc', crypto),
      currencyFilterMatches('usd', crypto),
    ]).toEqual([true, true, false]);
  });
});
