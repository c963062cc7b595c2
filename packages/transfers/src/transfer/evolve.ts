import type { TransferEvent } from './events.js';
import type { Transfer, TransferState } from './model.js';

const created = (data: Extract<TransferEvent, { type: 'TransferCreated' }>['data']): Transfer => {
  const { approvals, ...rest } = data;
  return {
    ...rest,
    quorums: approvals.quorums,
    approvals: [],
    approvalMessage: approvals.message,
    approvalMessageVersion: approvals.version ?? 1,
    approvalsExpireAt: approvals.expiresAt,
  };
};

export const evolve = (state: TransferState, event: TransferEvent): TransferState => {
  if (event.type === 'TransferCreated') return created(event.data);
  if (!state) return state;
  switch (event.type) {
    case 'TransferApprovalSubmitted': {
      const { signer, signature, message, submittedAt } = event.data;
      return { ...state, approvals: [...state.approvals, { signer, signature, message, submittedAt }] };
    }
    case 'TransferApproved':
      return { ...state, approvedAt: event.data.approvedAt };
    case 'TransferBroadcast': {
      const { txId, call, explorerLink, broadcastAt } = event.data;
      return {
        ...state,
        broadcast: { txId, broadcastAt, ...(call && { call }), ...(explorerLink && { explorerLink }) },
      };
    }
    case 'TransferConfirmed': {
      const { transferId: _transferId, ...confirmation } = event.data;
      return { ...state, confirmation };
    }
    case 'TransferSucceeded': {
      const { completedAt, actualFee } = event.data;
      return { ...state, outcome: { status: 'success', completedAt, ...(actualFee && { actualFee }) } };
    }
    case 'TransferFailed': {
      const { failedAt, error, actualFee } = event.data;
      return { ...state, outcome: { status: 'failed', completedAt: failedAt, error, ...(actualFee && { actualFee }) } };
    }
    case 'TransferFeeBilled': {
      const { billedUsd, status, billedAt } = event.data;
      return { ...state, billing: { billedUsd, status, billedAt } };
    }
  }
};
