import { fold } from '@paykit/kernel';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { orderDecider, orderPhase, paymentStatus, quoteStatus, type Order, type OrderEvent } from '../../src/index.js';
import {
  AFTER_EXPIRY,
  EXPIRES_AT,
  LATER,
  ONRAMP_EXECUTION,
  ORDER_ID,
  cardDeclined,
  cardStarted,
  onrampCreated,
  paidOnramp,
  quoteExpired,
  quoteFor,
  tokenPrice,
} from '../fixtures.js';

const spec = DeciderSpecification.for(orderDecider);
const orderOf = (events: readonly OrderEvent[]) => fold(orderDecider, events) as Order;
const newQuote = quoteFor({ ...tokenPrice, unitPrice: '2600' }, ONRAMP_EXECUTION, AFTER_EXPIRY);

describe('ExpireQuote', () => {
  it('sends an unpaid order back to the quote phase once the quote expired', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'ExpireQuote', data: { now: AFTER_EXPIRY } })
      .then([quoteExpired()]);
    const order = orderOf([onrampCreated(), quoteExpired()]);
    expect([orderPhase(order), paymentStatus(order), quoteStatus(order)]).toEqual([
      'quote',
      'requires-quote',
      'expired',
    ]);
  });

  it('refuses before the quote expired', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'ExpireQuote', data: { now: LATER } })
      .thenFails({ code: 'quote_not_expired', parameters: { expiresAt: EXPIRES_AT } });
  });

  it('expires a quote under which a card was declined', () => {
    spec
      .given([onrampCreated(), cardStarted(), cardDeclined()])
      .when({ type: 'ExpireQuote', data: { now: AFTER_EXPIRY } })
      .then([quoteExpired()]);
  });

  it.each<[string, OrderEvent[]]>([
    ['already expired', [onrampCreated(), quoteExpired()]],
    ['with a card payment under way', [onrampCreated(), cardStarted()]],
    ['paid', paidOnramp()],
  ])('does nothing when the order is %s', (_, given) => {
    spec
      .given(given)
      .when({ type: 'ExpireQuote', data: { now: AFTER_EXPIRY } })
      .thenNothingHappened();
  });

  it('refuses a malformed time', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'ExpireQuote', data: { now: 'soon' } })
      .thenFails({ code: 'invalid_timestamp' });
  });
});

describe('Requote', () => {
  it('brings an expired order back to payment with the new price', () => {
    spec
      .given([onrampCreated(), quoteExpired()])
      .when({ type: 'Requote', data: { quote: newQuote } })
      .then([{ type: 'OrderRequoted', data: { orderId: ORDER_ID, quote: newQuote } }]);
    const order = orderOf([
      onrampCreated(),
      quoteExpired(),
      { type: 'OrderRequoted', data: { orderId: ORDER_ID, quote: newQuote } },
    ]);
    expect([orderPhase(order), paymentStatus(order), quoteStatus(order)]).toEqual([
      'payment',
      'awaiting-payment',
      'valid',
    ]);
    expect(order.lineItems[0]!.quote.unitPrice.amount).toBe('2600');
  });

  it('forgets a card declined under the old quote', () => {
    const order = orderOf([
      onrampCreated(),
      cardStarted(),
      cardDeclined(),
      quoteExpired(),
      { type: 'OrderRequoted', data: { orderId: ORDER_ID, quote: newQuote } },
    ]);
    expect(paymentStatus(order)).toBe('awaiting-payment');
  });

  it('refuses while the quote is still valid', () => {
    spec
      .given([onrampCreated()])
      .when({ type: 'Requote', data: { quote: newQuote } })
      .thenFails({ code: 'order_not_in_quote_phase' });
  });

  it('refuses a quote for other line items', () => {
    const other = quoteFor(tokenPrice, { ...ONRAMP_EXECUTION, amount: '50' }, AFTER_EXPIRY);
    spec
      .given([onrampCreated(), quoteExpired()])
      .when({ type: 'Requote', data: { quote: other } })
      .thenFails({ code: 'quote_mismatch' });
  });
});
