import * as E from 'fp-ts/lib/Either.js';
import type { Clock, DomainError } from '@paykit/kernel';
import type { TransactionStatus } from '../chain-gateway.js';
import { transactionNotFound } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { HorizonClient } from './horizon-client.js';
import { MalformedHorizonAnswer, expectInteger, expectRecord, expectString } from './horizon-client.js';
import type { StellarChain } from './stellar-chain.js';
import { resultCodesOfXdr, stellarTransferErrorOf } from './stellar-errors.js';
import { askHorizon } from './stellar-reads.js';

/** The `maxTime` (unix seconds) of each transaction this process sent, to tell an expired one from a slow one. */
export type SentTimeBounds = ReadonlyMap<string, number>;

/** A transaction hash as Horizon writes it: 32 bytes, lowercase hex. */
export const isStellarTxHash = (txId: string): boolean => /^[0-9a-f]{64}$/.test(txId);

export interface StellarTransactionRecord {
  readonly hash: string;
  readonly successful: boolean;
  readonly ledger: number;
  readonly createdAt: string;
  readonly feeCharged: bigint;
  readonly resultXdr: string;
  readonly record: Record<string, unknown>;
}

/** GET /transactions/{hash}: only ledger-included (final) transactions; `undefined` on 404. */
export const loadTransaction = async (
  horizon: HorizonClient,
  hash: string,
  signal: AbortSignal,
): Promise<StellarTransactionRecord | undefined> => {
  const found = await horizon.get(`/transactions/${hash}`, signal);
  if (found === undefined) return undefined;
  const record = expectRecord(found, 'the transaction');
  if (record.hash !== hash) throw new MalformedHorizonAnswer('Horizon answered another transaction');
  if (typeof record.successful !== 'boolean') throw new MalformedHorizonAnswer('successful is not a boolean');
  const createdAt = new Date(expectString(record.created_at, 'created_at'));
  if (Number.isNaN(createdAt.getTime())) throw new MalformedHorizonAnswer('created_at is not a time');
  return {
    hash,
    successful: record.successful,
    ledger: Number(expectInteger(record.ledger, 'ledger')),
    createdAt: createdAt.toISOString(),
    feeCharged: expectInteger(record.fee_charged, 'fee_charged'),
    resultXdr: expectString(record.result_xdr, 'result_xdr'),
    record,
  };
};

/**
 * Horizon shows a transaction once a ledger holds it, and a closed ledger is final: success, or
 * failed with its result codes and the fee it cost. Not there yet: pending, until the `maxTime`
 * of a transaction this process sent has passed, then `failed` `expired` (no ledger can take it).
 */
export const stellarTransactionStatus = async (
  chain: StellarChain,
  txId: string,
  clock: Clock,
  sent: SentTimeBounds,
): Promise<E.Either<DomainError, TransactionStatus>> => {
  if (!isStellarTxHash(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  const required = chain.rule.confirmations;
  return E.flatten(
    await askHorizon(chain, async (horizon, signal): Promise<E.Either<DomainError, TransactionStatus>> => {
      const found = await loadTransaction(horizon, txId, signal);
      if (!found) {
        const maxTime = sent.get(txId);
        if (maxTime === undefined) return E.left(transactionNotFound(chain.info.name, txId));
        return E.right(
          clock.now().getTime() > maxTime * 1000
            ? {
                status: 'failed',
                error: { reason: 'expired', message: 'no ledger took the transaction before its maxTime' },
                confirmations: 0,
                finalizedAt: clock.now().toISOString(),
              }
            : { status: 'pending', confirmations: 0, requiredConfirmations: required },
        );
      }
      const fee = nativeFeeOf(chain.info, found.feeCharged);
      const common = {
        confirmations: required,
        blockNumber: found.ledger,
        fee: { token: fee.token, amount: fee.amount },
        finalizedAt: found.createdAt,
      };
      return E.right(
        found.successful
          ? { status: 'success', ...common }
          : { status: 'failed', error: stellarTransferErrorOf(resultCodesOfXdr(found.resultXdr)), ...common },
      );
    }),
  );
};
