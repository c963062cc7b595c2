import { Decimal, getOrThrow } from '@paykit/kernel';
import { priceDelivery, quoteLineItem, worstAcceptedPrice } from '../../src/index.js';
import { payoutPrice, tokenPrice } from '../fixtures.js';

const exactIn = getOrThrow(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '100', maxSlippageBps: '500' }));
const exactOut = getOrThrow(quoteLineItem(tokenPrice, { mode: 'exact-out', amount: '0.5', maxSlippageBps: '100' }));
const at = (price: string) => new Decimal(price);

describe('slippage at delivery', () => {
  it('accepts up to the quoted price plus the tolerance', () => {
    expect(worstAcceptedPrice(exactIn).toFixed()).toBe('2625');
    expect(priceDelivery(exactIn, at('2625'))).toEqual({ ok: true, quantity: '0.034902857142857142' });
  });

  it('fails beyond the tolerance with slippage-tolerance-exceeded', () => {
    const result = priceDelivery(exactIn, at('2625.01'));
    expect(result).toMatchObject({
      ok: false,
      worstAcceptedPrice: '2625',
      failureReason: { code: 'slippage-tolerance-exceeded' },
    });
  });

  it('exact-in delivers what the subtotal buys at the delivery price, within the quoted range', () => {
    expect(priceDelivery(exactIn, at('2550'))).toEqual({ ok: true, quantity: '0.035929411764705882' });
  });

  it('never delivers more than quoted when the price improved', () => {
    expect(priceDelivery(exactIn, at('2000'))).toEqual({ ok: true, quantity: '0.036648' });
  });

  it('exact-out delivers the quoted quantity within the tolerance and fails beyond it', () => {
    expect(priceDelivery(exactOut, at('2525'))).toEqual({ ok: true, quantity: '0.5' });
    expect(priceDelivery(exactOut, at('2525.000001')).ok).toBe(false);
  });

  it('a quote without a tolerance (offramp) keeps its locked rate', () => {
    const payout = getOrThrow(quoteLineItem(payoutPrice, { mode: 'exact-in', amount: '250' }));
    expect(priceDelivery(payout, at('9'))).toEqual({ ok: true, quantity: '247.52' });
  });
});
