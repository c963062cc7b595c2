import type { OnChainCall } from '../transfer/model.js';
import type { ContractCall, TransferCallInput } from './contract-call.js';
import { evmContractCallOf, evmOnChainCallOf } from './evm-call.js';
import { nonEvmContractCallOf } from './non-evm-call.js';

/** `params.call` of a transfer. */
export const contractCallOf = (input: TransferCallInput): ContractCall => {
  const { chainType } = input;
  return chainType === 'evm' ? evmContractCallOf(input) : nonEvmContractCallOf({ ...input, chainType });
};

/**
 * The planned `onChain.call` before anything is broadcast: known up front on EVM (target and
 * call data); on other families it is whatever the gateway reports at broadcast.
 */
export const plannedOnChainCallOf = (input: TransferCallInput): OnChainCall | undefined =>
  input.chainType === 'evm' ? evmOnChainCallOf(input) : undefined;
