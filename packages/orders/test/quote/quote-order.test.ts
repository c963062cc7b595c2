import * as E from 'fp-ts/lib/Either.js';
import { getOrThrow } from '@paykit/kernel';
import { quoteOrder } from '../../src/index.js';
import { tokenPrice } from '../fixtures.js';

const execution = { mode: 'exact-in', amount: '100', maxSlippageBps: '500' } as const;

describe('quoteOrder', () => {
  it('stamps quotedAt and expiresAt from the given time and lifetime', () => {
    const quote = getOrThrow(
      quoteOrder({ price: tokenPrice, execution, quotedAt: '2026-03-01T12:00:00Z', ttlSeconds: 900 }),
    );
    expect(quote.quotedAt).toBe('2026-03-01T12:00:00.000Z');
    expect(quote.expiresAt).toBe('2026-03-01T12:15:00.000Z');
    expect(quote.totalPrice).toEqual({ amount: '100', currency: 'usd' });
    expect(quote.lineItems).toHaveLength(1);
  });

  it('refuses a malformed time or lifetime', () => {
    const bad = [
      quoteOrder({ price: tokenPrice, execution, quotedAt: 'yesterday', ttlSeconds: 60 }),
      quoteOrder({ price: tokenPrice, execution, quotedAt: '2026-03-01T12:00:00Z', ttlSeconds: 0 }),
    ];
    expect(bad.map((result) => (E.isLeft(result) ? result.left.code : 'ok'))).toEqual([
      'invalid_timestamp',
      'invalid_quote_ttl',
    ]);
  });
});
