import * as E from 'fp-ts/lib/Either.js';
import { Decimal, parseDecimal, type DomainError } from '@paykit/kernel';
import type { RecordFailure, RecordFeeBilling, RecordFinality } from '../commands.js';
import { transferErrors as errors } from '../errors.js';
import type { TransferEvent } from '../events.js';
import { KNOWN_FAILURE_REASONS, type TransferError, type TransferState } from '../model.js';
import { movementOf } from '../movement.js';
import { transferStatus } from '../status.js';
import { parseIsoTimestamp } from '@paykit/kernel';

/** The broadcast transaction is final and succeeded. */
export const recordFinality = (
  command: RecordFinality,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { completedAt, actualFee } = command.data;
  if (parseIsoTimestamp(completedAt) === null) return E.left(errors.invalidTimestamp('completedAt'));
  if (state.outcome?.status === 'success') return E.right([]);
  if (state.outcome) return E.left(errors.alreadyFinal(state.outcome.status));
  if (!state.broadcast) return E.left(errors.notBroadcast());
  return E.right([
    {
      type: 'TransferSucceeded',
      data: { transferId: state.transferId, completedAt, ...(actualFee && { actualFee }), movement: movementOf(state) },
    },
  ]);
};

const isValidError = (error: TransferError) =>
  error.message.trim() !== '' && (KNOWN_FAILURE_REASONS as readonly string[]).includes(error.reason);

/**
 * An approved transfer could not be sent (e.g. insufficient funds at simulation), or its
 * transaction was final and failed. Reporting the same failure again is a no-op.
 */
export const recordFailure = (command: RecordFailure, state: TransferState): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { error, failedAt, actualFee } = command.data;
  if (parseIsoTimestamp(failedAt) === null) return E.left(errors.invalidTimestamp('failedAt'));
  if (!isValidError(error)) return E.left(errors.invalidError());
  const { outcome } = state;
  if (outcome?.status === 'failed' && outcome.error.reason === error.reason && outcome.error.message === error.message)
    return E.right([]);
  if (outcome) return E.left(errors.alreadyFinal(outcome.status));
  if (transferStatus(state) === 'awaiting-approval') return E.left(errors.approvalsPending());
  return E.right([
    {
      type: 'TransferFailed',
      data: {
        transferId: state.transferId,
        failedAt,
        error,
        ...(actualFee && { actualFee }),
        movement: movementOf(state),
      },
    },
  ]);
};

/** Charging the project for a final transfer's fees; a failed charge may be retried, a successful one stands. */
export const recordFeeBilling = (
  command: RecordFeeBilling,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { billedUsd, status, billedAt } = command.data;
  if (parseIsoTimestamp(billedAt) === null) return E.left(errors.invalidTimestamp('billedAt'));
  const amount = parseDecimal(billedUsd);
  if (!amount) return E.left(errors.invalidBilledAmount(billedUsd));
  if (!state.outcome) return E.left(errors.notFinal());
  const billing = state.billing;
  if (billing?.status === 'succeeded') {
    return billing.status === status && new Decimal(billing.billedUsd).eq(amount)
      ? E.right([])
      : E.left(errors.alreadyBilled());
  }
  return E.right([{ type: 'TransferFeeBilled', data: { transferId: state.transferId, billedUsd, status, billedAt } }]);
};
