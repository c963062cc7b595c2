import * as E from 'fp-ts/lib/Either.js';
import {
  getAddress,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type Transaction,
  type TransactionReceipt,
} from 'viem';
import type { Clock, DomainError } from '@paykit/kernel';
import type { TransferError } from '@paykit/transfers';
import type { IncomingTransfer, TransactionStatus } from '../chain-gateway.js';
import { transactionNotATransfer, transactionNotFound } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { EvmChain } from './evm-chain.js';
import { nodeFailure, revertDataOf } from './evm-errors.js';
import { decodeEvmTransfer } from './evm-transfer-call.js';

interface Observed {
  readonly transaction: Transaction;
  /** Absent while the transaction waits in the mempool. */
  readonly receipt?: TransactionReceipt;
  readonly confirmations: number;
}

const isMissing = (error: unknown): boolean =>
  error instanceof TransactionNotFoundError || error instanceof TransactionReceiptNotFoundError;

/** The transaction, its receipt and confirmations as the node sees them now. */
const observe = async (chain: EvmChain, txId: string): Promise<E.Either<DomainError, Observed>> => {
  const hash = txId as Hex;
  try {
    const transaction = await chain.client.getTransaction({ hash });
    const receipt = await chain.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
      if (isMissing(error)) return undefined;
      throw error;
    });
    if (!receipt) return E.right({ transaction, confirmations: 0 });
    const head = await chain.client.getBlockNumber({ cacheTime: 0 });
    return E.right({ transaction, receipt, confirmations: Math.max(0, Number(head - receipt.blockNumber) + 1) });
  } catch (error) {
    return E.left(isMissing(error) ? transactionNotFound(chain.info.name, txId) : nodeFailure(chain.info.name, error));
  }
};

/**
 * Receipts carry no revert data, so the call is replayed on the state before its block (exact
 * when it was the block's first transaction affecting that state; otherwise the data may be absent).
 */
const revertOf = async (chain: EvmChain, { transaction, receipt }: Observed): Promise<TransferError> => {
  let revertData: Hex | undefined;
  try {
    await chain.client.call({
      account: transaction.from,
      to: transaction.to,
      data: transaction.input,
      value: transaction.value,
      gas: transaction.gas,
      blockNumber: (receipt?.blockNumber ?? 1n) - 1n,
    });
  } catch (error) {
    revertData = revertDataOf(error);
  }
  return { reason: 'reverted', message: 'execution reverted', ...(revertData && { revertData }) };
};

export const evmTransactionStatus = async (
  chain: EvmChain,
  txId: string,
  clock: Clock,
): Promise<E.Either<DomainError, TransactionStatus>> => {
  const observed = await observe(chain, txId);
  if (E.isLeft(observed)) return observed;
  const { receipt, confirmations } = observed.right;
  const requiredConfirmations = chain.rule.confirmations;
  if (!receipt) return E.right({ status: 'pending', confirmations: 0, requiredConfirmations });
  const block = { blockNumber: Number(receipt.blockNumber), blockHash: receipt.blockHash };
  if (confirmations < requiredConfirmations)
    return E.right({ status: 'pending', confirmations, requiredConfirmations, ...block });
  const { baseUnits: _units, ...fee } = nativeFeeOf(chain.info, receipt.gasUsed * receipt.effectiveGasPrice);
  const finalizedAt = clock.now().toISOString();
  if (receipt.status === 'success') return E.right({ status: 'success', confirmations, ...block, fee, finalizedAt });
  return E.right({
    status: 'failed',
    error: await revertOf(chain, observed.right),
    confirmations,
    ...block,
    fee,
    finalizedAt,
  });
};

/** A native or ERC-20 transfer (memo read from the call-data trailer) as the node recorded it. */
export const evmIncomingTransfer = async (
  chain: EvmChain,
  txId: string,
): Promise<E.Either<DomainError, IncomingTransfer>> => {
  const observed = await observe(chain, txId);
  if (E.isLeft(observed)) return observed;
  const { transaction, receipt, confirmations } = observed.right;
  const decoded = decodeEvmTransfer(transaction.to, transaction.input, transaction.value);
  if (!decoded) {
    return E.left(transactionNotATransfer(txId, `transaction ${txId} is not a native or ERC-20 transfer`));
  }
  return E.right({
    chain: chain.info.name,
    txId: transaction.hash,
    from: getAddress(transaction.from),
    to: decoded.recipient,
    token: decoded.token,
    baseUnits: decoded.baseUnits.toString(),
    ...(decoded.memo && { memo: decoded.memo }),
    status: !receipt ? 'pending' : receipt.status === 'success' ? 'success' : 'failed',
    confirmations,
    final: receipt !== undefined && confirmations >= chain.rule.confirmations,
    ...(receipt && { blockNumber: Number(receipt.blockNumber) }),
  });
};
