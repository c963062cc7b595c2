import { concatHex, getAddress, type Hex } from 'viem';
import { evmMemoTrailer } from '../memo/evm-memo-trailer.js';
import type { OnChainCall } from '../transfer/model.js';
import type { ContractCall, TransferCallInput } from './contract-call.js';
import { ERC20_TRANSFER_ABI, encodeErc20Transfer } from './erc20.js';

/** An EVM transaction as the wallet will execute it. */
export interface EvmTransaction {
  readonly to: string;
  readonly data: string;
  /** Wei, as a decimal string. */
  readonly value: string;
}

/** What the EVM call depends on: the token as the chain knows it, the recipient, the amount, the memo. */
export type EvmTransactionInput = Pick<TransferCallInput, 'recipientAddress' | 'baseUnits' | 'memo'> & {
  readonly token: { readonly native: boolean; readonly address?: string };
};

/**
 * Token transfers call the contract's ERC-20 `transfer`; native transfers send value with empty
 * data; a memo is appended as the trailer. Every byte the chain receives, and the only place it
 * is built: the chain gateway sends this, and the approval message hashes this.
 */
export const evmTransactionOf = ({ token, recipientAddress, baseUnits, memo }: EvmTransactionInput): EvmTransaction => {
  const trailer: Hex = memo ? evmMemoTrailer(memo) : '0x';
  return token.native
    ? { to: getAddress(recipientAddress), data: trailer, value: baseUnits }
    : {
        to: getAddress(token.address as string),
        data: concatHex([encodeErc20Transfer(recipientAddress, baseUnits), trailer]),
        value: '0',
      };
};

/**
 * A native transfer calls no function: the call names the recipient, an empty ABI and function,
 * and carries the amount in `value` (how viem and the public API's call objects express it).
 */
export const evmContractCallOf = (input: TransferCallInput): ContractCall =>
  input.token.native
    ? { abi: [], address: getAddress(input.recipientAddress), args: [], functionName: '', value: input.baseUnits }
    : {
        abi: ERC20_TRANSFER_ABI,
        address: getAddress(input.token.address as string),
        args: [getAddress(input.recipientAddress), input.baseUnits],
        functionName: 'transfer',
      };

export const evmOnChainCallOf = (input: TransferCallInput): OnChainCall => {
  const { to, data } = evmTransactionOf(input);
  return { to, data };
};
