import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { approvalCoversExecution } from '../../approvals/approval-message.js';
import { approvalsComplete, pendingSignerLocators } from '../../approvals/quorum.js';
import type { ApprovalInput, ExpireApprovals, SubmitApprovals } from '../commands.js';
import { transferErrors as errors } from '../errors.js';
import type { TransferEvent } from '../events.js';
import { evolve } from '../evolve.js';
import type { Transfer, TransferState } from '../model.js';
import { movementOf } from '../movement.js';
import { transferStatus } from '../status.js';
import { parseIsoTimestamp } from '@paykit/kernel';
import { epochMillis } from '../timestamps.js';

/** Why this approval cannot count, checked in the order a client can act on best. */
const refusalOf = (transfer: Transfer, approval: ApprovalInput, submittedAt: number): DomainError | null => {
  const { signer } = approval;
  // A transfer can only fail before its approvals are complete by expiring.
  if (transferStatus(transfer) === 'failed' && !approvalsComplete(transfer))
    return errors.approvalsExpired(transfer.approvalsExpireAt);
  if (transfer.approvals.some((submitted) => submitted.signer === signer)) return errors.alreadySubmitted(signer);
  if (approvalsComplete(transfer)) return errors.approvalsComplete();
  if (submittedAt >= epochMillis(transfer.approvalsExpireAt))
    return errors.approvalsExpired(transfer.approvalsExpireAt);
  if (!approvalCoversExecution({ ...transfer, version: transfer.approvalMessageVersion }))
    return errors.approvalMessageOutdated(transfer.approvalMessageVersion);
  const pending = pendingSignerLocators(transfer);
  if (!pending.includes(signer)) return errors.signerNotPending(signer, pending);
  if (approval.message !== transfer.approvalMessage) return errors.messageMismatch(signer);
  if (!approval.verified) return approval.refusal ?? errors.invalidSignature(signer);
  return null;
};

/**
 * Records a request's approvals, all or none; a signer counts in every quorum it belongs to.
 * The approval that completes the last quorum also approves the transfer for broadcast.
 */
export const submitApprovals = (
  command: SubmitApprovals,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const { approvals, submittedAt } = command.data;
  const at = parseIsoTimestamp(submittedAt);
  if (at === null) return E.left(errors.invalidTimestamp('submittedAt'));
  if (approvals.length === 0) return E.left(errors.noApprovals());
  const events: TransferEvent[] = [];
  let transfer: Transfer = state;
  for (const approval of approvals) {
    const refusal = refusalOf(transfer, approval, at);
    if (refusal) return E.left(refusal);
    const { signer, signature, message } = approval;
    const event: TransferEvent = {
      type: 'TransferApprovalSubmitted',
      data: { transferId: transfer.transferId, signer, signature, message, submittedAt },
    };
    events.push(event);
    transfer = evolve(transfer, event) as Transfer;
  }
  if (approvalsComplete(transfer))
    events.push({ type: 'TransferApproved', data: { transferId: transfer.transferId, approvedAt: submittedAt } });
  return E.right(events);
};

/** Fails a transfer whose approvals did not complete in time; nothing to do for any other. */
export const expireApprovals = (
  command: ExpireApprovals,
  state: TransferState,
): E.Either<DomainError, TransferEvent[]> => {
  if (!state) return E.left(errors.notFound());
  const now = parseIsoTimestamp(command.data.now);
  if (now === null) return E.left(errors.invalidTimestamp('now'));
  if (transferStatus(state) !== 'awaiting-approval') return E.right([]);
  if (now < epochMillis(state.approvalsExpireAt)) return E.left(errors.deadlineNotReached(state.approvalsExpireAt));
  return E.right([
    {
      type: 'TransferFailed',
      data: {
        transferId: state.transferId,
        failedAt: command.data.now,
        error: { message: `approvals were not completed before ${state.approvalsExpireAt}`, reason: 'expired' },
        movement: movementOf(state),
      },
    },
  ]);
};
