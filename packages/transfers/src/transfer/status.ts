import { approvalsComplete } from '../approvals/quorum.js';
import type { Transfer } from './model.js';

/** The spec's four statuses; `pending` covers both "ready to broadcast" and "broadcast, not final". */
export const TRANSFER_STATUSES = ['awaiting-approval', 'pending', 'success', 'failed'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** The status is derived from the facts, first match wins: outcome, then approvals. */
export const transferStatus = (transfer: Transfer): TransferStatus => {
  if (transfer.outcome) return transfer.outcome.status;
  return approvalsComplete(transfer) ? 'pending' : 'awaiting-approval';
};
