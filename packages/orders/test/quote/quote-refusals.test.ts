import * as E from 'fp-ts/lib/Either.js';
import { Decimal, type DomainError } from '@paykit/kernel';
import {
  normalizeExecutionParameters,
  priceDelivery,
  quoteLineItem,
  quoteOrder,
  worstAcceptedPrice,
  type ExecutionParameters,
  type ExecutionParametersInput,
  type PriceTableEntry,
} from '../../src/index.js';
import { offrampQuote, onrampQuote, tokenPrice } from '../fixtures.js';

// A quote refusal reaches the client as an error body: the message must say what was wrong,
// naming the field, the value or the bound it refers to.

const refusalOf = (either: E.Either<DomainError, unknown>): DomainError => {
  if (E.isRight(either)) throw new Error(`expected a refusal, got ${JSON.stringify(either.right)}`);
  return either.left;
};

const noFees = (entry: Partial<PriceTableEntry>): PriceTableEntry => ({
  ...tokenPrice,
  fees: [],
  salesTaxRate: '0',
  ...entry,
});
const oneToken: ExecutionParameters = { mode: 'exact-out', amount: '1', maxSlippageBps: '0' };

describe('execution parameters', () => {
  it.each<[string, 'onramp' | 'offramp', ExecutionParametersInput, string, string[]]>([
    ['an unknown mode', 'onramp', { mode: 'exact', amount: '1' }, 'invalid_execution_mode', ['exact-in or exact-out']],
    [
      'exact-out on offramp',
      'offramp',
      { mode: 'exact-out', amount: '1' },
      'invalid_execution_mode',
      ['offramp', 'only support', 'exact-in'],
    ],
    [
      'a bare zero amount',
      'onramp',
      { amount: '0' },
      'invalid_amount',
      ['executionParameters.amount', 'positive decimal'],
    ],
    [
      'a tolerance on offramp',
      'offramp',
      { amount: '1', maxSlippageBps: '0' },
      'invalid_max_slippage_bps',
      ['offramp line items do not take maxSlippageBps'],
    ],
    [
      'a tolerance above 10000',
      'onramp',
      { amount: '1', maxSlippageBps: '10001' },
      'invalid_max_slippage_bps',
      ['maxSlippageBps', 'integer string from 0 to 10000'],
    ],
  ])('refuses %s and says why', (_, kind, input, code, says) => {
    const error = refusalOf(normalizeExecutionParameters(kind, input));
    expect(error.code).toBe(code);
    for (const part of says) expect(error.message).toContain(part);
  });

  it('accepts a tolerance of exactly 10000 basis points (100%)', () => {
    expect(normalizeExecutionParameters('onramp', { amount: '1', maxSlippageBps: '10000' })).toEqual(
      E.right({ mode: 'exact-in', amount: '1', maxSlippageBps: '10000' }),
    );
  });
});

describe('price table entries', () => {
  it.each<[string, Partial<PriceTableEntry>]>([
    [
      'whole items (0 decimals)',
      { itemLocator: 'base-sepolia:0x5555555555555555555555555555555555555555:1', itemDecimals: 0 },
    ],
    ['36 item decimals', { itemDecimals: 36 }],
    ['a currency of 0 decimals', { currencyDecimals: 0 }],
    ['a currency of 36 decimals', { currencyDecimals: 36 }],
  ])('accepts %s: decimals run from 0 to 36', (_, entry) => {
    expect(E.isRight(quoteLineItem(noFees(entry), oneToken))).toBe(true);
  });

  it.each<[string, Partial<PriceTableEntry>]>([
    ['-1 item decimals', { itemDecimals: -1 }],
    ['37 item decimals', { itemDecimals: 37 }],
    ['-1 currency decimals', { currencyDecimals: -1 }],
    ['37 currency decimals', { currencyDecimals: 37 }],
  ])('refuses %s and names the item and currency', (_, entry) => {
    const error = refusalOf(quoteLineItem(noFees(entry), oneToken));
    expect(error).toMatchObject({ kind: 'upstream_invalid', code: 'invalid_price_table' });
    expect(error.message).toBe(`decimals of ${tokenPrice.itemLocator} / usd are not whole numbers from 0 to 36`);
  });

  it('a unit price that is not positive names the item', () => {
    expect(refusalOf(quoteLineItem(noFees({ unitPrice: '0' }), oneToken)).message).toBe(
      `unit price of ${tokenPrice.itemLocator} is not positive`,
    );
  });

  it('a malformed fee names the fee', () => {
    expect(
      refusalOf(quoteLineItem(noFees({ fees: [{ type: 'service-fee', rateBps: '10000' }] }), oneToken)).message,
    ).toBe('fee service-fee is malformed');
  });
});

describe('pricing a line item', () => {
  it('an amount that buys nothing names the amount', () => {
    const error = refusalOf(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '0.35', maxSlippageBps: '0' }));
    expect(error.message).toBe('executionParameters.amount 0.35 does not cover the fees or buys nothing');
  });

  it('an amount finer than the currency says how many places it may have', () => {
    const error = refusalOf(quoteLineItem(tokenPrice, { mode: 'exact-in', amount: '10.001', maxSlippageBps: '0' }));
    expect(error.message).toBe('executionParameters.amount may have at most 2 decimal places');
  });
});

describe('quoting an order', () => {
  const execution: ExecutionParameters = { mode: 'exact-in', amount: '100', maxSlippageBps: '500' };

  it('a malformed quote time names quotedAt', () => {
    const error = refusalOf(quoteOrder({ price: tokenPrice, execution, quotedAt: 'yesterday', ttlSeconds: 60 }));
    expect(error.message).toContain('quotedAt');
  });

  it('a lifetime that is not a positive whole number of seconds says so', () => {
    const error = refusalOf(
      quoteOrder({ price: tokenPrice, execution, quotedAt: '2026-03-01T12:00:00Z', ttlSeconds: 1.5 }),
    );
    expect(error.message).toContain('positive whole number of seconds');
  });
});

describe('delivery prices', () => {
  it('a price beyond the tolerance names the price, the quote and the tolerance', () => {
    const quote = onrampQuote.lineItems[0]!;
    const priced = priceDelivery(quote, new Decimal('2625.01'));
    expect(priced).toMatchObject({ ok: false, failureReason: { code: 'slippage-tolerance-exceeded' } });
    expect(!priced.ok && priced.failureReason.message).toBe(
      'The delivery price 2625.01 usd is worse than the quoted 2500 by more than 500 basis points',
    );
  });

  it('without a tolerance (offramp, the rate is locked) the worst accepted price is the quoted one', () => {
    const quote = offrampQuote.lineItems[0]!;
    expect(worstAcceptedPrice(quote).toFixed()).toBe(quote.unitPrice.amount);
  });
});
