import * as E from 'fp-ts/lib/Either.js';
import { validateMemo, type ChainType, type Memo } from '../src/index.js';

const codeOf = (memo: Memo, chainType: ChainType) => {
  const result = validateMemo(memo, chainType);
  return E.isLeft(result) ? result.left.code : 'accepted';
};

describe('validateMemo', () => {
  it.each<[Memo, ChainType]>([
    [{ type: 'text', value: 'a'.repeat(28) }, 'stellar'],
    [{ type: 'text', value: 'a'.repeat(566) }, 'solana'],
    [{ type: 'id', value: '18446744073709551615' }, 'stellar'],
    [{ type: 'id', value: '0' }, 'stellar'],
    [{ type: 'hash', value: 'ab'.repeat(32) }, 'stellar'],
    [{ type: 'text', value: 'a'.repeat(251) }, 'evm'],
  ])('accepts %j on %s', (memo, chainType) => {
    expect(codeOf(memo, chainType)).toBe('accepted');
  });

  it('lowercases a hash memo', () => {
    expect(validateMemo({ type: 'hash', value: 'AB'.repeat(32) }, 'stellar')).toEqual(
      E.right({ type: 'hash', value: 'ab'.repeat(32) }),
    );
  });

  it.each<[Memo, ChainType, string]>([
    [{ type: 'text', value: 'a'.repeat(29) }, 'stellar', 'invalid_memo'],
    [{ type: 'text', value: 'é'.repeat(15) }, 'stellar', 'invalid_memo'],
    [{ type: 'text', value: '' }, 'solana', 'invalid_memo'],
    [{ type: 'text', value: 'a'.repeat(567) }, 'solana', 'invalid_memo'],
    [{ type: 'id', value: '18446744073709551616' }, 'stellar', 'invalid_memo'],
    [{ type: 'id', value: '01' }, 'stellar', 'invalid_memo'],
    [{ type: 'hash', value: 'ab'.repeat(31) }, 'stellar', 'invalid_memo'],
    [{ type: 'note' as 'text', value: 'x' }, 'stellar', 'invalid_memo'],
    [{ type: 'text', value: 'a'.repeat(252) }, 'evm', 'invalid_memo'],
    [{ type: 'text', value: '' }, 'evm', 'invalid_memo'],
    [{ type: 'text', value: 'x' }, 'aptos', 'memo_not_supported'],
    [{ type: 'text', value: 'x' }, 'sui', 'memo_not_supported'],
  ])('refuses %j on %s', (memo, chainType, code) => {
    expect(codeOf(memo, chainType)).toBe(code);
  });
});
