import * as E from 'fp-ts/lib/Either.js';
import { parseTransferAmount, type ChainType } from '../src/index.js';

const parse = (text: string, decimals: number, chainType: ChainType = 'evm') =>
  parseTransferAmount(text, decimals, chainType);
const codeOf = (result: ReturnType<typeof parse>) => (E.isLeft(result) ? result.left.code : 'accepted');

describe('parseTransferAmount', () => {
  it.each([
    ['1', 6, { decimal: '1', baseUnits: '1000000' }],
    ['12.5', 6, { decimal: '12.5', baseUnits: '12500000' }],
    ['0.000001', 6, { decimal: '0.000001', baseUnits: '1' }],
    ['999999999999.999999', 6, { decimal: '999999999999.999999', baseUnits: '999999999999999999' }],
    ['1', 18, { decimal: '1', baseUnits: '1000000000000000000' }],
    ['0.000000000000000001', 18, { decimal: '0.000000000000000001', baseUnits: '1' }],
    [
      '123456789.123456789123456789',
      18,
      { decimal: '123456789.123456789123456789', baseUnits: '123456789123456789123456789' },
    ],
    ['0.1', 18, { decimal: '0.1', baseUnits: '100000000000000000' }],
    ['7', 0, { decimal: '7', baseUnits: '7' }],
  ])('reads %s of a %i-decimal token exactly', (text, decimals, expected) => {
    expect(parse(text, decimals)).toEqual(E.right(expected));
  });

  it("accepts the public API pattern's trailing point, leading zeros and trailing zeros", () => {
    expect(parse('5.', 6)).toEqual(E.right({ decimal: '5', baseUnits: '5000000' }));
    expect(parse('007.50', 6)).toEqual(E.right({ decimal: '7.5', baseUnits: '7500000' }));
    expect(parse('1.1000000000', 6)).toEqual(E.right({ decimal: '1.1', baseUnits: '1100000' }));
  });

  it.each([['0'], ['0.0'], ['-1'], ['1e6'], ['.5'], [' 1'], ['1,5'], ['']])(
    'refuses "%s" as invalid_amount',
    (text) => {
      expect(codeOf(parse(text, 6))).toBe('invalid_amount');
    },
  );

  it("refuses digits below the token's smallest unit, naming the decimals", () => {
    const result = parse('0.0000001', 6);
    expect(result).toEqual(
      E.left(expect.objectContaining({ code: 'amount_precision_exceeded', parameters: { decimals: 6 } })),
    );
    expect(codeOf(parse('1.0000000000000000001', 18))).toBe('amount_precision_exceeded');
  });

  it('refuses more than the chain family can carry in one transfer', () => {
    expect(codeOf(parse('18446744073709.551615', 6, 'solana'))).toBe('accepted');
    expect(codeOf(parse('18446744073709.551616', 6, 'solana'))).toBe('amount_too_large');
    expect(codeOf(parse('18446744073709.551616', 6, 'evm'))).toBe('accepted');
    expect(codeOf(parse((2n ** 127n).toString(), 0, 'stellar'))).toBe('amount_too_large');
    expect(codeOf(parse((2n ** 256n).toString(), 0, 'evm'))).toBe('amount_too_large');
    expect(codeOf(parse((2n ** 256n - 1n).toString(), 0, 'evm'))).toBe('accepted');
  });
});

describe('parseTransferAmount refusals carry their whole body', () => {
  it.each<[string, number, ChainType, object]>([
    [
      '1e6',
      6,
      'evm',
      {
        kind: 'invalid',
        code: 'invalid_amount',
        message: 'amount: "1e6" is not a decimal amount such as "10" or "0.5"',
      },
    ],
    ['0.00', 6, 'evm', { kind: 'invalid', code: 'invalid_amount', message: 'amount: must be greater than 0' }],
    [
      '0.0000001',
      6,
      'evm',
      {
        kind: 'invalid',
        code: 'amount_precision_exceeded',
        message: 'amount: "0.0000001" has more than the token\'s 6 decimal places',
        parameters: { decimals: 6 },
      },
    ],
    [
      '18446744073709.551616',
      6,
      'solana',
      {
        kind: 'invalid',
        code: 'amount_too_large',
        message: 'amount: at most 18446744073709.551615 can be sent in one transfer',
        parameters: { max: '18446744073709.551615' },
      },
    ],
  ])('refuses "%s" of a %i-decimal token on %s', (text, decimals, chainType, expected) => {
    expect(parse(text, decimals, chainType)).toStrictEqual(E.left(expected));
  });

  it('reads a trailing point as the whole number before it', () => {
    expect(parse('10.', 6)).toEqual(E.right({ decimal: '10', baseUnits: '10000000' }));
    expect(parse('250.', 0)).toEqual(E.right({ decimal: '250', baseUnits: '250' }));
  });
});
