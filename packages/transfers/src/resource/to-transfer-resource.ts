import { approvalsOfQuorum, pendingSignersOf, remainingOf } from '../approvals/quorum.js';
import { contractCallOf, plannedOnChainCallOf } from '../call/transfer-call.js';
import type { TransferCallInput } from '../call/contract-call.js';
import type { Quorum, QuorumSigner, Transfer } from '../transfer/model.js';
import { transferStatus } from '../transfer/status.js';
import { epochMillis } from '../transfer/timestamps.js';
import type {
  PendingApprovalEntryResource,
  QuorumApprovalEntryResource,
  SubmittedApprovalEntryResource,
  TransferResource,
} from './transfer-resource.js';

const callInputOf = (transfer: Transfer): TransferCallInput => ({
  chainType: transfer.chainType,
  from: transfer.wallet.address,
  token: transfer.token,
  recipientAddress: transfer.recipient.address,
  baseUnits: transfer.amount.baseUnits,
  ...(transfer.memo && { memo: transfer.memo }),
});

const member = ({ address, locator, type }: QuorumSigner) => ({ address, locator, type });

const quorumEntryOf = (transfer: Transfer, quorum: Quorum): QuorumApprovalEntryResource => {
  const signerByLocator = new Map(quorum.signers.map((signer) => [signer.locator, signer]));
  return {
    signer: { locator: quorum.locator, type: 'quorum' },
    quorumApprovals: {
      threshold: quorum.threshold,
      remaining: remainingOf(quorum, transfer.approvals),
      pending: pendingSignersOf(quorum, transfer.approvals).map((signer) => ({
        message: transfer.approvalMessage,
        signer: member(signer),
      })),
      submitted: approvalsOfQuorum(quorum, transfer.approvals).map((approval) => ({
        message: approval.message,
        signature: approval.signature,
        signer: member(signerByLocator.get(approval.signer) as QuorumSigner),
        submittedAt: epochMillis(approval.submittedAt),
      })),
    },
  };
};

/** One member, one signature: the signer appears as itself (ADR 0440). */
const isSingleSigner = (quorum: Quorum): boolean => quorum.threshold === 1 && quorum.signers.length === 1;

const singleSignerEntryOf = (
  transfer: Transfer,
  quorum: Quorum,
): { pending?: PendingApprovalEntryResource; submitted?: SubmittedApprovalEntryResource } => {
  const signer = member(quorum.signers[0] as QuorumSigner);
  const approval = approvalsOfQuorum(quorum, transfer.approvals)[0];
  if (!approval) return { pending: { signer, message: transfer.approvalMessage } };
  return {
    submitted: {
      signer,
      message: approval.message,
      signature: approval.signature,
      submittedAt: epochMillis(approval.submittedAt),
    },
  };
};

const approvalsOf = (transfer: Transfer): TransferResource['approvals'] => {
  const pending: PendingApprovalEntryResource[] = [];
  const submitted: SubmittedApprovalEntryResource[] = [];
  for (const quorum of transfer.quorums) {
    if (isSingleSigner(quorum)) {
      const entry = singleSignerEntryOf(transfer, quorum);
      if (entry.pending) pending.push(entry.pending);
      if (entry.submitted) submitted.push(entry.submitted);
      continue;
    }
    const entry = quorumEntryOf(transfer, quorum);
    (entry.quorumApprovals.remaining > 0 ? pending : submitted).push(entry);
  }
  return { required: transfer.quorums.length, pending, submitted };
};

const onChainOf = (transfer: Transfer): TransferResource['onChain'] => {
  const call = transfer.broadcast?.call ?? plannedOnChainCallOf(callInputOf(transfer));
  const broadcast = transfer.broadcast;
  return {
    ...(call && { call }),
    ...(transfer.onChainTransaction !== undefined && { transaction: transfer.onChainTransaction }),
    ...(broadcast?.explorerLink !== undefined && { explorerLink: broadcast.explorerLink }),
    ...(broadcast && { txId: broadcast.txId }),
  };
};

const feesOf = (transfer: Transfer): TransferResource['fees'] => {
  const actual = transfer.outcome?.actualFee;
  return {
    mode: 'project',
    ...(actual && { actual }),
    ...(transfer.feeEstimate && { estimate: transfer.feeEstimate }),
    // The spec types billed.usd as a number; the exact decimal stays in the events.
    billed: { usd: Number(transfer.billing?.billedUsd ?? '0') },
    ...(transfer.billing && { billing: { status: transfer.billing.status } }),
  };
};

/** The spec's Transfer transaction resource for a transfer's current state. */
export const toTransferResource = (transfer: Transfer): TransferResource => {
  const { outcome } = transfer;
  return {
    id: transfer.transferId,
    chainType: transfer.chainType,
    walletType: transfer.walletType,
    status: transferStatus(transfer),
    createdAt: epochMillis(transfer.createdAt),
    ...(outcome && { completedAt: epochMillis(outcome.completedAt) }),
    params: { call: contractCallOf(callInputOf(transfer)), chain: transfer.chain },
    onChain: onChainOf(transfer),
    sendParams: {
      token: transfer.token.locator,
      params: {
        recipient: transfer.recipient.locator,
        recipientAddress: transfer.recipient.address,
        amount: transfer.amount.decimal,
        ...(transfer.memo && { memo: transfer.memo }),
      },
    },
    approvals: approvalsOf(transfer),
    ...(outcome?.status === 'failed' && { error: outcome.error }),
    fees: feesOf(transfer),
  };
};
