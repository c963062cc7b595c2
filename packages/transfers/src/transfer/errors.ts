import { conflict, domainError, invalid, notFound, type DomainError } from '@paykit/kernel';
import type { TransferStatus } from './status.js';

const unprocessable = (code: string, message: string, parameters?: Record<string, unknown>) =>
  domainError('unprocessable', code, message, parameters);

/**
 * The refusals of the Transfer decider. `invalid` (400) can never succeed as sent; `conflict`
 * (409) and `unprocessable` (422) are refused by the transfer's current state, with the two
 * approval codes COMPAT.md fixes: a repeated approval is 409, approvals already complete 422.
 */
export const transferErrors = {
  notFound: (): DomainError => notFound('Not found'),
  alreadyExists: (transferId: string) =>
    conflict('transfer_already_exists', `transfer ${transferId} already exists`, { transferId }),
  invalidChain: (message: string) => invalid('invalid_transfer_chain', message),
  invalidToken: (message: string) => invalid('invalid_token', message),
  invalidRecipient: (message: string) => invalid('invalid_recipient', message),
  invalidQuorum: (message: string) => invalid('invalid_approval_quorum', message),
  invalidTimestamp: (field: string) => invalid('invalid_timestamp', `${field} must be an ISO 8601 timestamp`),

  noApprovals: () => invalid('no_approvals', 'approvals: at least one approval is required'),
  invalidSignature: (signer: string) =>
    invalid('invalid_signature', `the signature of ${signer} does not verify against the transfer's approval message`, {
      signer,
    }),
  messageMismatch: (signer: string) =>
    invalid('approval_message_mismatch', `${signer} signed a message other than this transfer's approval message`, {
      signer,
    }),
  signerNotPending: (signer: string, pendingSigners: readonly string[]) =>
    invalid(
      'signer_not_pending',
      `${signer} is not among the signers this transfer awaits: ${pendingSigners.join(', ')}`,
      {
        signer,
        pendingSigners,
      },
    ),
  alreadySubmitted: (signer: string) =>
    conflict('approval_already_submitted', `${signer} has already approved this transfer`, { signer }),
  approvalsComplete: () => unprocessable('approvals_complete', 'this transfer needs no more approvals'),
  approvalMessageOutdated: (version: number) =>
    unprocessable(
      'approval_message_outdated',
      `this transfer's approval message (v${version}) does not cover its memo, which would go on chain unapproved: ` +
        'it can no longer be approved; create the transfer again',
      { version },
    ),
  approvalsExpired: (expiresAt: string) =>
    unprocessable('approvals_expired', `approvals for this transfer closed at ${expiresAt}`, { expiresAt }),
  deadlineNotReached: (expiresAt: string) =>
    conflict('approval_deadline_not_reached', `approvals for this transfer stay open until ${expiresAt}`, {
      expiresAt,
    }),

  approvalsPending: () => conflict('approvals_pending', 'this transfer is still awaiting approval'),
  alreadyBroadcast: (txId: string) =>
    conflict('transfer_already_broadcast', `this transfer was already broadcast as ${txId}`, { txId }),
  notBroadcast: () => conflict('transfer_not_broadcast', 'this transfer has not been broadcast'),
  alreadyFinal: (status: TransferStatus) =>
    conflict('transfer_already_final', `this transfer already ended with status ${status}`, { status }),
  notFinal: () => conflict('transfer_not_final', 'fees are billed once the transfer is final'),
  alreadyBilled: () => conflict('fee_billing_already_recorded', "this transfer's fees were already billed"),
  invalidConfirmation: () =>
    invalid('invalid_confirmation', 'confirmations and blockNumber must be non-negative integers'),
  invalidError: () => invalid('invalid_transfer_error', 'a failure needs a message and a known reason'),
  invalidBilledAmount: (value: string) =>
    invalid('invalid_billed_amount', `billedUsd: "${value}" is not a decimal amount`),
};
