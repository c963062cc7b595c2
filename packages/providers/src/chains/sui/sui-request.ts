import * as E from 'fp-ts/lib/Either.js';
import { SUI_TYPE_ARG } from '@mysten/sui/utils';
import type { DomainError } from '@paykit/kernel';
import { isSuiCoinType, normalizeTokenAddress, type ChainInfo } from '@paykit/wallets';
import type { ChainToken } from '../chain-gateway.js';
import { tokenNotSupportedOnChain } from '../chain-errors.js';
import { checkEvmTransfer, type CheckedEvmTransfer } from '../evm/evm-request.js';
import type { SuiMovement } from './sui-transfer.js';

/**
 * Any coin type may be named on a node (`0x...::module::NAME`), in its stored spelling; `0x2::sui::SUI`
 * is the native currency, which moves from the gas coin.
 */
export const checkSuiToken = (chain: ChainInfo, token: ChainToken): E.Either<DomainError, ChainToken> => {
  if (token.native) return E.right(token);
  if (!isSuiCoinType(token.address)) return E.left(tokenNotSupportedOnChain(chain.name, token.address));
  const coinType = normalizeTokenAddress(chain, token.address);
  return E.right(
    coinType === normalizeTokenAddress(chain, SUI_TYPE_ARG) ? { native: true } : { native: false, address: coinType },
  );
};

/** A transfer's parts, checked (addresses, coin type, amount, no memo), as the movement to build. */
export const checkSuiTransfer = (
  chain: ChainInfo,
  transfer: { readonly from: string; readonly to: string; readonly token: ChainToken; readonly baseUnits: string },
  fromField: string,
): E.Either<DomainError, SuiMovement> =>
  E.map(({ from, to, token, units }: CheckedEvmTransfer): SuiMovement => ({
    sender: from,
    recipient: to,
    token,
    units,
  }))(checkEvmTransfer(chain, transfer, { from: fromField, to: 'recipient', allowZero: true }, checkSuiToken));

/** A payer's signed transaction: the JSON of the SDK's `signTransaction` answer, both fields base64. */
export const parseSignedSuiTransaction = (
  text: string,
): { readonly bytes: string; readonly signature: string } | undefined => {
  try {
    const value = JSON.parse(text) as { bytes?: unknown; signature?: unknown } | null;
    return typeof value?.bytes === 'string' && typeof value.signature === 'string'
      ? { bytes: value.bytes, signature: value.signature }
      : undefined;
  } catch {
    return undefined;
  }
};
