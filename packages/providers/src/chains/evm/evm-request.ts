import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { DomainError } from '@paykit/kernel';
import type { Memo } from '@paykit/transfers';
import type { ChainInfo } from '@paykit/wallets';
import type { ChainToken } from '../chain-gateway.js';
import { checkAddress, parseBaseUnits } from '../chain-request.js';
import { checkChainMemo } from '../memo-rules.js';

/** A transfer's parts, checked and in their stored spelling (EIP-55 addresses). */
export interface CheckedEvmTransfer {
  readonly from: string;
  readonly to: string;
  readonly token: ChainToken;
  readonly units: bigint;
  readonly memo: Memo | undefined;
}

/** Any ERC-20 contract may be named on a node (unlike the sandbox, which holds only the registry's tokens). */
export const checkEvmToken = (chain: ChainInfo, token: ChainToken): E.Either<DomainError, ChainToken> =>
  token.native
    ? E.right(token)
    : E.map((address: string): ChainToken => ({ native: false, address }))(checkAddress(chain, 'token', token.address));

export const checkEvmTransfer = (
  chain: ChainInfo,
  transfer: {
    readonly from: string;
    readonly to: string;
    readonly token: ChainToken;
    readonly baseUnits: string;
    readonly memo?: Memo;
  },
  /** Field names for errors; `allowZero` for transfers that may move nothing (a value-0 call). */
  fields: { readonly from?: string; readonly to?: string; readonly allowZero?: boolean },
  /** How the chain names tokens: an address by default; Sui's coin types are not addresses. */
  checkToken: (chain: ChainInfo, token: ChainToken) => E.Either<DomainError, ChainToken> = checkEvmToken,
): E.Either<DomainError, CheckedEvmTransfer> =>
  pipe(
    E.Do,
    E.bind('from', () => checkAddress(chain, fields.from ?? 'from', transfer.from)),
    E.bind('to', () => checkAddress(chain, fields.to ?? 'to', transfer.to)),
    E.bind('token', () => checkToken(chain, transfer.token)),
    E.bind('units', () => parseBaseUnits(chain, transfer.baseUnits, { allowZero: fields.allowZero ?? false })),
    E.bind('memo', () => checkChainMemo(chain, transfer.memo)),
  );
