import * as E from 'fp-ts/lib/Either.js';
import {
  TransactionResponseType,
  type PendingTransactionResponse,
  type UserTransactionResponse,
} from '@aptos-labs/ts-sdk';
import type { Clock, DomainError } from '@paykit/kernel';
import type { TransactionStatus } from '../chain-gateway.js';
import { transactionNotFound } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { AptosChain } from './aptos-chain.js';
import { MalformedAptosAnswer, aptosErrorCodeOf, aptosTransferErrorOf } from './aptos-errors.js';
import { askNode, aptosLedgerOf, expectU64 } from './aptos-reads.js';

/** The expiration (ledger seconds) of each transaction this process sent. */
export type SentExpirations = ReadonlyMap<string, bigint>;

const TRANSACTION_HASH = /^0x[0-9a-f]{64}$/;

export const isAptosTransactionHash = (txId: string): boolean => TRANSACTION_HASH.test(txId);

export type KnownTransaction = PendingTransactionResponse | UserTransactionResponse;

/** `GET /transactions/by_hash/{hash}`: pending in the mempool, committed, or unknown to the node (undefined). */
export const aptosTransactionByHash = async (
  chain: AptosChain,
  hash: string,
): Promise<KnownTransaction | undefined> => {
  try {
    const found: unknown = await chain.aptos.getTransactionByHash({ transactionHash: hash });
    const type = (found as { type?: unknown } | null)?.type;
    if (type === TransactionResponseType.Pending) return found as PendingTransactionResponse;
    if (type !== TransactionResponseType.User) throw new MalformedAptosAnswer(`${hash} is not a user transaction`);
    const committed = found as UserTransactionResponse;
    if (typeof committed.success !== 'boolean' || typeof committed.vm_status !== 'string')
      throw new MalformedAptosAnswer('a committed transaction without its outcome');
    return committed;
  } catch (error) {
    if (aptosErrorCodeOf(error) === 'transaction_not_found') return undefined;
    throw error;
  }
};

const committedStatus = (chain: AptosChain, committed: UserTransactionResponse): TransactionStatus => {
  const fee = nativeFeeOf(
    chain.info,
    expectU64(committed.gas_used, 'gas_used') * expectU64(committed.gas_unit_price, 'gas_unit_price'),
  );
  const at = {
    confirmations: chain.rule.confirmations,
    blockNumber: Number(expectU64(committed.version, 'version')),
    fee: { token: fee.token, amount: fee.amount },
    finalizedAt: new Date(Number(expectU64(committed.timestamp, 'timestamp') / 1000n)).toISOString(),
  };
  return committed.success
    ? { status: 'success', ...at }
    : { status: 'failed', error: aptosTransferErrorOf(committed.vm_status), ...at };
};

/**
 * Pending while the node holds it in its mempool; once committed it is final (Aptos commits
 * BFT-final blocks), `success` or `failed` with `gas_used × gas_unit_price` octas. A transaction
 * this process sent that the node does not know once the ledger passed its expiration will never
 * land: `failed` `expired`.
 */
export const aptosTransactionStatus = async (
  chain: AptosChain,
  txId: string,
  clock: Clock,
  sent: SentExpirations,
): Promise<E.Either<DomainError, TransactionStatus>> => {
  if (!isAptosTransactionHash(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  const required = chain.rule.confirmations;
  return E.flatten(
    await askNode(chain, async (): Promise<E.Either<DomainError, TransactionStatus>> => {
      const found = await aptosTransactionByHash(chain, txId);
      if (found?.type === TransactionResponseType.User) return E.right(committedStatus(chain, found));
      if (found) return E.right({ status: 'pending', confirmations: 0, requiredConfirmations: required });
      const expiration = sent.get(txId);
      if (expiration === undefined) return E.left(transactionNotFound(chain.info.name, txId));
      const { timestampSecs } = await aptosLedgerOf(chain);
      return E.right(
        timestampSecs > expiration
          ? {
              status: 'failed',
              error: { reason: 'expired', message: 'the transaction was not committed before it expired' },
              confirmations: 0,
              finalizedAt: clock.now().toISOString(),
            }
          : { status: 'pending', confirmations: 0, requiredConfirmations: required },
      );
    }),
  );
};
