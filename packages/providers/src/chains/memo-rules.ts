import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import { validateMemo, type Memo } from '@paykit/transfers';
import type { ChainInfo } from '@paykit/wallets';
import { EVM_MEMO_MAX_BYTES, isEvmMemoTooLong } from './evm/evm-transfer-call.js';

/**
 * Memos the gateway can carry: Stellar and Solana natively (the transfers domain's rules), EVM
 * as a call-data trailer (see evm-transfer-call.ts). Aptos and Sui transfers carry none.
 */
export const checkChainMemo = (chain: ChainInfo, memo: Memo | undefined): E.Either<DomainError, Memo | undefined> => {
  if (!memo) return E.right(undefined);
  if (chain.chainType !== 'evm') return validateMemo(memo, chain.chainType);
  return isEvmMemoTooLong(memo)
    ? E.left(invalid('invalid_memo', `memo: at most ${EVM_MEMO_MAX_BYTES} bytes of "<type>:<value>" on ${chain.name}`))
    : E.right(memo);
};
