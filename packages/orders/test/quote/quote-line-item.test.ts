import * as E from 'fp-ts/lib/Either.js';
import { getOrThrow, type DomainError } from '@paykit/kernel';
import { quoteLineItem, type PriceTableEntry } from '../../src/index.js';
import { payoutPrice, tokenPrice } from '../fixtures.js';

const noFees = (entry: Partial<PriceTableEntry>): PriceTableEntry => ({
  ...tokenPrice,
  fees: [],
  salesTaxRate: '0',
  ...entry,
});

const refusal = (either: E.Either<DomainError, unknown>): DomainError => {
  if (E.isRight(either)) throw new Error('expected a refusal');
  return either.left;
};

describe('exact-in quotes (the buyer spends an exact amount)', () => {
  it('takes fees and tax as rounded-up shares of the amount and buys what is left, rounded down', () => {
    const quote = getOrThrow(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '100', maxSlippageBps: '500' }));
    expect(quote).toEqual({
      itemLocator: tokenPrice.itemLocator,
      itemDecimals: 18,
      execution: { mode: 'exact-in', amount: '100', maxSlippageBps: '500' },
      unitPrice: { amount: '2500', currency: 'usd' },
      subtotal: { amount: '91.62', currency: 'usd' },
      fees: [
        { type: 'service-fee', amount: '1.68', currency: 'usd' },
        { type: 'network-fee', amount: '0.05', currency: 'usd' },
      ],
      salesTax: { amount: '6.65', currency: 'usd' },
      totalPrice: { amount: '100', currency: 'usd' },
      quantity: '0.036648',
      // 91.62 / (2500 * 1.05), floored at 18 decimals
      quantityRange: { lowerBound: '0.034902857142857142', upperBound: '0.036648' },
    });
  });

  it('keeps all 18 decimals of a tiny-priced token', () => {
    const quote = getOrThrow(
      quoteLineItem(noFees({ unitPrice: '0.000000012345' }), { mode: 'exact-in', amount: '50', maxSlippageBps: '100' }),
    );
    expect(quote.quantity).toBe('4050222762.251923855812069663');
    expect(quote.quantityRange).toEqual({
      lowerBound: '4010121546.784083025556504617',
      upperBound: '4050222762.251923855812069663',
    });
    expect(quote.totalPrice).toEqual({ amount: '50', currency: 'usd' });
  });

  it('prices a billion usdc offramp exactly at 6 decimals and pays out whole cents', () => {
    const quote = getOrThrow(quoteLineItem(payoutPrice, { mode: 'exact-in', amount: '1000000000.123456' }));
    expect(quote.fees).toEqual([{ type: 'service-fee', amount: '9900990.100233', currency: 'usdc' }]);
    expect(quote.subtotal.amount).toBe('990099010.023223');
    expect(quote.quantity).toBe('990099010.02');
    expect(quote.quantityRange).toEqual({ lowerBound: '990099010.02', upperBound: '990099010.02' });
    expect(quote.totalPrice).toEqual({ amount: '1000000000.123456', currency: 'usdc' });
  });

  it('refuses 0.000001 usdc: it buys less than a cent', () => {
    expect(refusal(quoteLineItem(payoutPrice, { mode: 'exact-in', amount: '0.000001' }))).toMatchObject({
      kind: 'invalid',
      code: 'amount_too_small',
      parameters: { amount: '0.000001' },
    });
  });

  it('refuses an amount that does not cover the fixed fees', () => {
    expect(refusal(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '0.35', maxSlippageBps: '0' })).code).toBe(
      'amount_too_small',
    );
  });

  it('refuses an amount finer than the payment currency (cents for usd)', () => {
    expect(
      refusal(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '10.001', maxSlippageBps: '0' })),
    ).toMatchObject({ code: 'invalid_amount', parameters: { maxDecimals: '2' } });
  });

  it('with zero tolerance the lower bound is the quoted quantity', () => {
    const quote = getOrThrow(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '100', maxSlippageBps: '0' }));
    expect(quote.quantityRange).toEqual({ lowerBound: '0.036648', upperBound: '0.036648' });
  });
});

describe('exact-out quotes (the buyer receives an exact quantity)', () => {
  it('charges at least one cent for 0.000001 tokens, each charge rounded up', () => {
    const quote = getOrThrow(
      quoteLineItem(tokenPrice, { mode: 'exact-out', amount: '0.000001', maxSlippageBps: '500' }),
    );
    expect(quote.subtotal).toEqual({ amount: '0.01', currency: 'usd' });
    expect(quote.fees).toEqual([
      { type: 'service-fee', amount: '0.31', currency: 'usd' },
      { type: 'network-fee', amount: '0.05', currency: 'usd' },
    ]);
    expect(quote.salesTax).toEqual({ amount: '0.01', currency: 'usd' });
    expect(quote.totalPrice).toEqual({ amount: '0.38', currency: 'usd' });
    expect(quote.quantity).toBe('0.000001');
    expect(quote.quantityRange).toEqual({ lowerBound: '0.000001', upperBound: '0.000001' });
  });

  it('prices a large 18-decimal quantity exactly', () => {
    const quote = getOrThrow(
      quoteLineItem(noFees({ unitPrice: '0.5', salesTaxRate: '0.1' }), {
        mode: 'exact-out',
        amount: '123456789.123456789123456789',
        maxSlippageBps: '500',
      }),
    );
    expect(quote.subtotal.amount).toBe('61728394.57');
    expect(quote.salesTax.amount).toBe('6172839.46');
    expect(quote.totalPrice.amount).toBe('67901234.03');
    expect(quote.quantity).toBe('123456789.123456789123456789');
  });

  it('refuses a quantity finer than the token allows', () => {
    expect(
      refusal(
        quoteLineItem(noFees({ itemDecimals: 6 }), { mode: 'exact-out', amount: '0.0000001', maxSlippageBps: '0' }),
      ),
    ).toMatchObject({ code: 'invalid_amount', parameters: { maxDecimals: '6' } });
  });
});

describe('price table entries are checked before use', () => {
  it.each<[string, Partial<PriceTableEntry>]>([
    ['a zero unit price', { unitPrice: '0' }],
    ['a malformed unit price', { unitPrice: '1e3' }],
    ['fractional decimals', { itemDecimals: 1.5 }],
    ['a tax rate of 100%', { salesTaxRate: '1' }],
    ['a malformed fee', { fees: [{ type: 'x', rateBps: '-1' }] }],
  ])('refuses %s as upstream_invalid', (_, entry) => {
    expect(
      refusal(quoteLineItem(noFees(entry), { mode: 'exact-out', amount: '1', maxSlippageBps: '0' })),
    ).toMatchObject({
      kind: 'upstream_invalid',
      code: 'invalid_price_table',
    });
  });
});
