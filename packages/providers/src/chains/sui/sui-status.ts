import * as E from 'fp-ts/lib/Either.js';
import type { SuiTransactionBlockResponse } from '@mysten/sui/jsonRpc';
import { isValidTransactionDigest } from '@mysten/sui/utils';
import type { Clock, DomainError } from '@paykit/kernel';
import type { TransactionStatus } from '../chain-gateway.js';
import { transactionNotFound } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { SuiChain } from './sui-chain.js';
import { isTransactionNotFound, suiTransferErrorOf } from './sui-errors.js';
import { netGasOf, suiEffectsOf } from './sui-effects.js';
import { askNode, expectRecord, expectUnits } from './sui-reads.js';

/** The last epoch each transaction this process sent may execute in. */
export type SentExpirations = ReadonlyMap<string, bigint>;

/** `sui_getTransactionBlock`, or undefined while the node does not know the digest. */
export const suiTransactionBlock = async (
  chain: SuiChain,
  digest: string,
  options: { readonly showInput?: boolean; readonly showBalanceChanges?: boolean } = {},
): Promise<SuiTransactionBlockResponse | undefined> => {
  try {
    const found = await chain.client.getTransactionBlock({ digest, options: { showEffects: true, ...options } });
    return expectRecord(found, 'sui_getTransactionBlock') as unknown as SuiTransactionBlockResponse;
  } catch (error) {
    if (isTransactionNotFound(error)) return undefined;
    throw error;
  }
};

/** The checkpoint holding the transaction, if one does yet. */
export const checkpointOf = (found: SuiTransactionBlockResponse): number | undefined =>
  found.checkpoint === null || found.checkpoint === undefined
    ? undefined
    : Number(expectUnits(found.checkpoint, 'checkpoint'));

/** The network's epoch now: the latest checkpoint's (`sui_getLatestCheckpointSequenceNumber`, `sui_getCheckpoint`). */
const currentEpoch = async (chain: SuiChain): Promise<bigint> => {
  const latest = await chain.client.getLatestCheckpointSequenceNumber();
  const checkpoint = await chain.client.getCheckpoint({ id: expectUnits(latest, 'latest checkpoint').toString() });
  return expectUnits(expectRecord(checkpoint, 'sui_getCheckpoint').epoch, 'checkpoint epoch');
};

/**
 * Executed but in no checkpoint yet: pending. In a checkpoint: final (ADR 0932), `success` or
 * `failed` with the effects' error and the gas it cost. A transaction this process sent that the
 * node does not know once its expiration epoch is over can never execute: `failed` `expired`.
 */
export const suiTransactionStatus = async (
  chain: SuiChain,
  digest: string,
  clock: Clock,
  sent: SentExpirations,
): Promise<E.Either<DomainError, TransactionStatus>> => {
  if (!isValidTransactionDigest(digest)) return E.left(transactionNotFound(chain.info.name, digest));
  const required = chain.rule.confirmations;
  return E.flatten(
    await askNode(chain, async (): Promise<E.Either<DomainError, TransactionStatus>> => {
      const found = await suiTransactionBlock(chain, digest);
      if (!found) {
        const lastEpoch = sent.get(digest);
        if (lastEpoch === undefined) return E.left(transactionNotFound(chain.info.name, digest));
        return E.right(
          (await currentEpoch(chain)) > lastEpoch
            ? {
                status: 'failed',
                error: { reason: 'expired', message: 'the transaction did not execute before its expiration epoch' },
                confirmations: 0,
                finalizedAt: clock.now().toISOString(),
              }
            : { status: 'pending', confirmations: 0, requiredConfirmations: required },
        );
      }
      const effects = suiEffectsOf(found.effects);
      const checkpoint = checkpointOf(found);
      if (checkpoint === undefined)
        return E.right({ status: 'pending', confirmations: 0, requiredConfirmations: required });
      const { token, amount } = nativeFeeOf(chain.info, netGasOf(effects));
      const finalizedAt =
        found.timestampMs === null || found.timestampMs === undefined
          ? clock.now().toISOString()
          : new Date(Number(expectUnits(found.timestampMs, 'timestampMs'))).toISOString();
      return E.right(
        effects.ok
          ? { status: 'success', confirmations: required, blockNumber: checkpoint, fee: { token, amount }, finalizedAt }
          : {
              status: 'failed',
              error: suiTransferErrorOf(effects.error),
              confirmations: required,
              blockNumber: checkpoint,
              fee: { token, amount },
              finalizedAt,
            },
      );
    }),
  );
};
