import * as E from 'fp-ts/lib/Either.js';
import { keccak256, type Hex, type LocalAccount } from 'viem';
import type { DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import { fallbackGasOf, tryNode, type EvmChain } from './evm-chain.js';
import { isTransportError, nodeFailure, transferRejectionOf } from './evm-errors.js';
import type { EvmTransferCall } from './evm-transfer-call.js';
import type { KeyedLock } from './keyed-lock.js';
import type { UnansweredSends } from './unanswered-sends.js';

export type EvmSendResult =
  | { readonly outcome: 'submitted'; readonly txId: Hex }
  | { readonly outcome: 'rejected'; readonly error: TransferError };

/** Estimates leave no slack; state can change between estimate and inclusion, and unused gas is refunded. */
const withHeadroom = (gas: bigint): bigint => (gas * 120n) / 100n;

const gasFor = async (
  chain: EvmChain,
  from: Hex,
  call: EvmTransferCall,
  native: boolean,
): Promise<E.Either<DomainError, bigint | TransferError>> => {
  if (!chain.simulate) return E.right(fallbackGasOf(call.data, native));
  try {
    return E.right(
      withHeadroom(await chain.client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value })),
    );
  } catch (error) {
    const rejection = transferRejectionOf(error);
    return rejection ? E.right(rejection) : E.left(nodeFailure(chain.info.name, error));
  }
};

/**
 * Signs and broadcasts a call from a key the service holds: estimate (the simulation), fees and
 * the pending nonce from the node, EIP-1559 signature locally, `eth_sendRawTransaction`. One
 * sender at a time, so two transfers never read the same nonce. A send without an answer (no
 * connection, timeout, 5xx) may have reached the mempool: it counts as submitted under its hash
 * and is remembered to be sent again as is (`unanswered`).
 */
export const sendEvmCall = (
  chain: EvmChain,
  account: LocalAccount,
  call: EvmTransferCall & { readonly native: boolean },
  lock: KeyedLock,
  unanswered: UnansweredSends,
): Promise<E.Either<DomainError, EvmSendResult>> =>
  lock.run(`${chain.info.name}:${account.address}`, async () => {
    const gas = await gasFor(chain, account.address, call, call.native);
    if (E.isLeft(gas)) return gas;
    if (typeof gas.right !== 'bigint') return E.right({ outcome: 'rejected', error: gas.right });
    const prepared = await tryNode(chain, async () => ({
      fees: await chain.client.estimateFeesPerGas(),
      nonce: await chain.client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    }));
    if (E.isLeft(prepared)) return prepared;
    const { fees, nonce } = prepared.right;
    const signed = await account.signTransaction({
      type: 'eip1559',
      chainId: chain.chainId,
      nonce,
      to: call.to,
      data: call.data,
      value: call.value,
      gas: gas.right,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    try {
      return E.right({
        outcome: 'submitted',
        txId: await chain.client.sendRawTransaction({ serializedTransaction: signed }),
      });
    } catch (error) {
      const rejection = transferRejectionOf(error);
      if (rejection) return E.right({ outcome: 'rejected', error: rejection });
      if (!isTransportError(error)) return E.left(nodeFailure(chain.info.name, error));
      const txId = keccak256(signed);
      unanswered.remember(chain.info.name, txId, signed);
      return E.right({ outcome: 'submitted', txId });
    }
  });
