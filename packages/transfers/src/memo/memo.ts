import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { ChainType } from '../transfer/chain.js';
import { MEMO_TYPES, type Memo } from '../transfer/model.js';

/**
 * EVM transactions have no memo field: a memo travels as a call-data trailer holding the UTF-8
 * of `<type>:<value>` (the chain gateway encodes it), limited to this many bytes.
 */
export const EVM_MEMO_MAX_BYTES = 256;

/**
 * Memos exist on Stellar (a transaction field: text up to 28 bytes, a uint64 id, or a 32-byte
 * hash) and on Solana (the Memo program, written as UTF-8 text; its practical limit is 566 bytes).
 */
const MAX_TEXT_BYTES: Partial<Record<ChainType, number>> = { stellar: 28, solana: 566 };
const UINT64 = /^(0|[1-9]\d{0,19})$/;
const HASH = /^[0-9a-fA-F]{64}$/;

const refuse = (message: string) => E.left(invalid('invalid_memo', `memo: ${message}`));

export const validateMemo = (memo: Memo, chainType: ChainType): E.Either<DomainError, Memo> => {
  if (!(MEMO_TYPES as readonly string[]).includes(memo.type))
    return refuse(`type must be one of ${MEMO_TYPES.join(', ')}`);
  if (chainType === 'evm') return validateEvmMemo(memo);
  const maxTextBytes = MAX_TEXT_BYTES[chainType];
  if (maxTextBytes === undefined) {
    return E.left(
      invalid('memo_not_supported', `memo: ${chainType} transfers take no memo; only evm, stellar and solana do`),
    );
  }
  switch (memo.type) {
    case 'text': {
      const bytes = Buffer.byteLength(memo.value, 'utf8');
      if (bytes === 0 || bytes > maxTextBytes) return refuse(`text must be 1 to ${maxTextBytes} bytes on ${chainType}`);
      return E.right(memo);
    }
    case 'id':
      return UINT64.test(memo.value) && BigInt(memo.value) < 2n ** 64n
        ? E.right(memo)
        : refuse('id must be an unsigned 64-bit integer');
    case 'hash':
      return HASH.test(memo.value)
        ? E.right({ type: 'hash', value: memo.value.toLowerCase() })
        : refuse('hash must be 32 bytes as 64 hex digits');
  }
};

const validateEvmMemo = (memo: Memo): E.Either<DomainError, Memo> => {
  if (memo.value.length === 0) return refuse('value must not be empty');
  return Buffer.byteLength(`${memo.type}:${memo.value}`, 'utf8') > EVM_MEMO_MAX_BYTES
    ? refuse(`at most ${EVM_MEMO_MAX_BYTES} bytes of "<type>:<value>" on evm`)
    : E.right(memo);
};
