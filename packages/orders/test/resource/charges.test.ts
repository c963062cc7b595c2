import { chargesOf, type LineItemQuote } from '../../src/index.js';

const quote = (fees: LineItemQuote['fees']): LineItemQuote => ({
  itemLocator: 'base-sepolia:usdc',
  itemDecimals: 6,
  execution: { mode: 'exact-in', amount: '100' },
  unitPrice: { amount: '1.01', currency: 'eur' },
  subtotal: { amount: '95', currency: 'eur' },
  fees,
  salesTax: { amount: '1.2', currency: 'eur' },
  totalPrice: { amount: '100', currency: 'eur' },
  quantity: '94.059405',
  quantityRange: { lowerBound: '94.059405', upperBound: '94.059405' },
});

describe('line item charges in the spec’s shape', () => {
  it('writes several fees as one object with their exact total and type "total", each fee in the breakdown', () => {
    const fees = [
      { type: 'service-fee', amount: '3.19', currency: 'eur' },
      { type: 'network-fee', amount: '0.000001', currency: 'eur' },
      { type: 'card-fee', amount: '0.61', currency: 'eur' },
    ];
    expect(chargesOf(quote(fees)).fees).toEqual({
      type: 'total',
      amount: '3.800001',
      currency: 'eur',
      breakdown: fees,
    });
  });

  it('writes one fee as itself, and no fee as a zero total', () => {
    const fee = { type: 'service-fee', amount: '2', currency: 'eur' };
    expect(chargesOf(quote([fee])).fees).toEqual({ ...fee, breakdown: [fee] });
    expect(chargesOf(quote([])).fees).toEqual({ type: 'total', amount: '0', currency: 'eur', breakdown: [] });
  });

  it('charges no shipping, in the quote’s currency', () => {
    expect(chargesOf(quote([])).shipping).toEqual({ amount: '0', currency: 'eur' });
  });
});
