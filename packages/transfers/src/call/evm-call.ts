import { getAddress } from 'viem';
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

/** Token transfers call the contract's ERC-20 `transfer`; native transfers send value with empty data. */
export const evmTransactionOf = ({ token, recipientAddress, baseUnits }: TransferCallInput): EvmTransaction =>
  token.native
    ? { to: getAddress(recipientAddress), data: '0x', value: baseUnits }
    : { to: getAddress(token.address as string), data: encodeErc20Transfer(recipientAddress, baseUnits), value: '0' };

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
