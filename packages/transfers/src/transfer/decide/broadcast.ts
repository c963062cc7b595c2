import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { RecordBroadcast, RecordConfirmation } from '../commands.js';
import { transferErrors as errors } from '../errors.js';
import type { TransferEvent } from '../events.js';
import type { TransferState } from '../model.js';
import { transferStatus } from '../status.js';
import { parseIsoTimestamp } from '@paykit/kernel';

/** A transaction id is recorded once; the gateway repeating it is a no-op. */
export const recordBroadcast = (
  command: RecordBroadcast,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { txId, call, explorerLink, broadcastAt } = command.data;
  if (parseIsoTimestamp(broadcastAt) === null) return E.left(errors.invalidTimestamp('broadcastAt'));
  if (state.broadcast)
    return state.broadcast.txId === txId ? E.right([]) : E.left(errors.alreadyBroadcast(state.broadcast.txId));
  const status = transferStatus(state);
  if (status === 'awaiting-approval') return E.left(errors.approvalsPending());
  if (status !== 'pending') return E.left(errors.alreadyFinal(status));
  return E.right([
    {
      type: 'TransferBroadcast',
      data: {
        transferId: state.transferId,
        txId,
        ...(call && { call }),
        ...(explorerLink && { explorerLink }),
        broadcastAt,
      },
    },
  ]);
};

const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * Confirmations only grow while the transfer waits for finality; a stale or late poll result
 * (fewer confirmations, or after the outcome) changes nothing.
 */
export const recordConfirmation = (
  command: RecordConfirmation,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { confirmations, blockNumber, blockHash, confirmedAt } = command.data;
  if (parseIsoTimestamp(confirmedAt) === null) return E.left(errors.invalidTimestamp('confirmedAt'));
  if (!isCount(confirmations) || !isCount(blockNumber)) return E.left(errors.invalidConfirmation());
  if (!state.broadcast) return E.left(errors.notBroadcast());
  if (state.outcome) return E.right([]);
  if (state.confirmation && confirmations <= state.confirmation.confirmations) return E.right([]);
  return E.right([
    {
      type: 'TransferConfirmed',
      data: {
        transferId: state.transferId,
        confirmations,
        blockNumber,
        ...(blockHash !== undefined && { blockHash }),
        confirmedAt,
      },
    },
  ]);
};
