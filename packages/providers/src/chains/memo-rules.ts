import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { validateMemo, type Memo } from '@paykit/transfers';
import type { ChainInfo } from '@paykit/wallets';

/**
 * Memos the gateway can carry (the transfers domain's rules): Stellar and Solana natively, EVM
 * as a call-data trailer (see evm-transfer-call.ts). Aptos and Sui transfers carry none.
 */
export const checkChainMemo = (chain: ChainInfo, memo: Memo | undefined): E.Either<DomainError, Memo | undefined> =>
  memo ? validateMemo(memo, chain.chainType) : E.right(undefined);
