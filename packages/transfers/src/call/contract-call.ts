import type { ChainType } from '../transfer/chain.js';
import type { Memo, TransferToken } from '../transfer/model.js';

/** An ABI fragment as JSON (the EVM's contract interface description). */
export interface AbiFragment {
  readonly type: string;
  readonly name?: string;
  readonly inputs?: readonly { readonly name: string; readonly type: string }[];
  readonly outputs?: readonly { readonly name: string; readonly type: string }[];
  readonly stateMutability?: string;
}

/**
 * The spec's `params.call`: the function the transfer executes. `value` is our addition, present
 * only on native transfers, whose amount travels as the transaction's value rather than an argument.
 */
export interface ContractCall {
  readonly abi: readonly AbiFragment[];
  readonly address: string;
  readonly args: readonly string[];
  readonly functionName: string;
  readonly value?: string;
}

/** What a transfer's call is built from. */
export interface TransferCallInput {
  readonly chainType: ChainType;
  readonly from: string;
  readonly token: TransferToken;
  readonly recipientAddress: string;
  readonly baseUnits: string;
  /** EVM: carried as a call-data trailer; other families: a field of their transaction. */
  readonly memo?: Memo;
}
