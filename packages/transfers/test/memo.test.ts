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

describe('validateMemo refusals carry their whole body', () => {
  const invalidMemo = (message: string) => E.left({ kind: 'invalid', code: 'invalid_memo', message });

  it.each<[Memo, ChainType, ReturnType<typeof invalidMemo>]>([
    [{ type: 'note' as 'text', value: 'x' }, 'stellar', invalidMemo('memo: type must be one of text, id, hash')],
    [{ type: 'note' as 'text', value: 'x' }, 'evm', invalidMemo('memo: type must be one of text, id, hash')],
    [
      { type: 'text', value: 'x' },
      'aptos',
      E.left({
        kind: 'invalid',
        code: 'memo_not_supported',
        message: 'memo: aptos transfers take no memo; only evm, stellar and solana do',
      }),
    ],
    [{ type: 'text', value: 'a'.repeat(29) }, 'stellar', invalidMemo('memo: text must be 1 to 28 bytes on stellar')],
    [{ type: 'text', value: '' }, 'solana', invalidMemo('memo: text must be 1 to 566 bytes on solana')],
    [{ type: 'id', value: '-1' }, 'stellar', invalidMemo('memo: id must be an unsigned 64-bit integer')],
    [{ type: 'hash', value: 'xyz' }, 'stellar', invalidMemo('memo: hash must be 32 bytes as 64 hex digits')],
    [{ type: 'id', value: '' }, 'evm', invalidMemo('memo: value must not be empty')],
    [
      { type: 'text', value: 'a'.repeat(252) },
      'evm',
      invalidMemo('memo: at most 256 bytes of "<type>:<value>" on evm'),
    ],
  ])('refuses %j on %s', (memo, chainType, expected) => {
    expect(validateMemo(memo, chainType)).toStrictEqual(expected);
  });
});
