import { decodeAbiParameters, getAddress, hexToBytes, isHex, sliceHex, size, type Hex } from 'viem';
import { EVM_MEMO_TAG, MEMO_TYPES, evmMemoTrailer, evmTransactionOf, type Memo } from '@paykit/transfers';
import type { ChainToken } from '../chain-gateway.js';

const TRANSFER_SELECTOR = '0xa9059cbb';
const TRANSFER_CALL_BYTES = 4 + 32 + 32;

/** The memo trailer (its encoding lives with the transfer whose approval covers it: @paykit/transfers). */
export { EVM_MEMO_TAG, evmMemoTrailer };

const memoOfTrailer = (trailer: Hex): Memo | undefined => {
  if (size(trailer) <= size(EVM_MEMO_TAG) || sliceHex(trailer, 0, 4) !== EVM_MEMO_TAG) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(sliceHex(trailer, 4)));
  } catch {
    return undefined;
  }
  const colon = text.indexOf(':');
  const type = text.slice(0, colon);
  if (colon < 0 || !(MEMO_TYPES as readonly string[]).includes(type)) return undefined;
  return { type: type as Memo['type'], value: text.slice(colon + 1) };
};

export interface EvmTransferCall {
  readonly to: Hex;
  readonly data: Hex;
  readonly value: bigint;
}

/**
 * The transaction that moves `baseUnits` of `token` to `recipient`, memo appended: exactly the
 * transaction a transfer's approval message covers (`evmTransactionOf`).
 */
export const evmTransferCallOf = (
  token: ChainToken,
  recipient: string,
  baseUnits: bigint,
  memo?: Memo,
): EvmTransferCall => {
  const { to, data, value } = evmTransactionOf({
    token,
    recipientAddress: recipient,
    baseUnits: baseUnits.toString(),
    ...(memo && { memo }),
  });
  return { to: to as Hex, data: data as Hex, value: BigInt(value) };
};

export interface DecodedEvmTransfer {
  readonly token: ChainToken;
  readonly recipient: string;
  readonly baseUnits: bigint;
  readonly memo?: Memo;
}

/**
 * Reads a transfer back from a transaction: an ERC-20 `transfer` call on a contract, or a value
 * transfer with no data but perhaps a memo. Anything else (other calls) is not a transfer.
 */
export const decodeEvmTransfer = (
  to: string | null | undefined,
  data: Hex,
  value: bigint,
): DecodedEvmTransfer | undefined => {
  if (!to || !isHex(data)) return undefined;
  if (size(data) >= TRANSFER_CALL_BYTES && sliceHex(data, 0, 4) === TRANSFER_SELECTOR) {
    const [recipient, amount] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }],
      sliceHex(data, 4, TRANSFER_CALL_BYTES),
    );
    const memo = size(data) > TRANSFER_CALL_BYTES ? memoOfTrailer(sliceHex(data, TRANSFER_CALL_BYTES)) : undefined;
    return {
      token: { native: false, address: getAddress(to) },
      recipient: getAddress(recipient),
      baseUnits: amount,
      ...(memo && { memo }),
    };
  }
  if (size(data) === 0) return { token: { native: true }, recipient: getAddress(to), baseUnits: value };
  const memo = memoOfTrailer(data);
  return memo ? { token: { native: true }, recipient: getAddress(to), baseUnits: value, memo } : undefined;
};
