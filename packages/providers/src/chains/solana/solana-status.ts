import * as E from 'fp-ts/lib/Either.js';
import { isSignature, type Signature } from '@solana/kit';
import type { Clock, DomainError } from '@paykit/kernel';
import type { TransactionStatus } from '../chain-gateway.js';
import { transactionNotFound } from '../chain-errors.js';
import { nativeFeeOf } from '../fee-amount.js';
import type { SolanaChain } from './solana-chain.js';
import { MalformedSolanaAnswer, solanaTransferErrorOf } from './solana-errors.js';
import { askNode, expectBigint } from './solana-reads.js';

/** The last block height at which each transaction this process sent could still land. */
export type SentLifetimes = ReadonlyMap<string, bigint>;

const finalStatus = async (chain: SolanaChain, signature: Signature, clock: Clock, abortSignal: AbortSignal) => {
  const found = await chain.rpc
    .getTransaction(signature, { commitment: 'finalized', encoding: 'base64', maxSupportedTransactionVersion: 0 })
    .send({ abortSignal });
  if (!found?.meta) throw new MalformedSolanaAnswer('a finalized transaction without its meta');
  const { meta } = found;
  const slot = Number(expectBigint(found.slot, 'slot'));
  const fee = nativeFeeOf(chain.info, expectBigint(meta.fee, 'meta.fee'));
  const finalizedAt =
    typeof found.blockTime === 'bigint'
      ? new Date(Number(found.blockTime) * 1000).toISOString()
      : clock.now().toISOString();
  const confirmations = chain.rule.confirmations;
  return meta.err === null
    ? {
        status: 'success' as const,
        confirmations,
        blockNumber: slot,
        fee: { token: fee.token, amount: fee.amount },
        finalizedAt,
      }
    : {
        status: 'failed' as const,
        error: solanaTransferErrorOf(meta.err, meta.logMessages),
        confirmations,
        blockNumber: slot,
        fee: { token: fee.token, amount: fee.amount },
        finalizedAt,
      };
};

/**
 * `getSignatureStatuses`: below `finalized` commitment the transaction is pending with its slot;
 * once finalized, `getTransaction` gives its fee and error. A transaction this process sent that
 * the node does not know once its blockhash expired will never land: `failed` `expired`.
 */
export const solanaTransactionStatus = async (
  chain: SolanaChain,
  txId: string,
  clock: Clock,
  sent: SentLifetimes,
): Promise<E.Either<DomainError, TransactionStatus>> => {
  if (!isSignature(txId)) return E.left(transactionNotFound(chain.info.name, txId));
  const required = chain.rule.confirmations;
  return E.flatten(
    await askNode(chain, async (abortSignal): Promise<E.Either<DomainError, TransactionStatus>> => {
      const answer = await chain.rpc
        .getSignatureStatuses([txId], { searchTransactionHistory: true })
        .send({ abortSignal });
      if (!Array.isArray(answer?.value)) throw new MalformedSolanaAnswer('getSignatureStatuses answered no list');
      const status = answer.value[0];
      if (!status) {
        const lastValid = sent.get(txId);
        if (lastValid === undefined) return E.left(transactionNotFound(chain.info.name, txId));
        const height = expectBigint(await chain.rpc.getBlockHeight().send({ abortSignal }), 'block height');
        return E.right(
          height > lastValid
            ? {
                status: 'failed',
                error: { reason: 'expired', message: 'the transaction did not land before its blockhash expired' },
                confirmations: 0,
                finalizedAt: clock.now().toISOString(),
              }
            : { status: 'pending', confirmations: 0, requiredConfirmations: required },
        );
      }
      if (status.confirmationStatus === 'finalized') return E.right(await finalStatus(chain, txId, clock, abortSignal));
      return E.right({
        status: 'pending',
        confirmations: Math.min(required - 1, Number(status.confirmations ?? 0n) + 1),
        requiredConfirmations: required,
        blockNumber: Number(expectBigint(status.slot, 'slot')),
      });
    }),
  );
};
