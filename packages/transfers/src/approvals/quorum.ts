import { sha256Hex } from '@paykit/kernel';
import type { Quorum, QuorumSigner, SubmittedApproval, Transfer } from '../transfer/model.js';

/**
 * A stable name for a quorum that the handler did not name: its threshold, size and a digest
 * of its members, so the same signer set always yields the same locator.
 */
export const quorumLocatorOf = (threshold: number, signerLocators: readonly string[]): string => {
  const digest = sha256Hex([...signerLocators].sort().join('\n')).slice(0, 16);
  return `quorum:${threshold}-of-${signerLocators.length}:${digest}`;
};

export const approvalsOfQuorum = (quorum: Quorum, approvals: readonly SubmittedApproval[]): SubmittedApproval[] => {
  const members = new Set(quorum.signers.map((signer) => signer.locator));
  return approvals.filter((approval) => members.has(approval.signer)).slice(0, quorum.threshold);
};

export const remainingOf = (quorum: Quorum, approvals: readonly SubmittedApproval[]): number =>
  quorum.threshold - approvalsOfQuorum(quorum, approvals).length;

/** Members whose signature would still count: none once the quorum has reached its threshold. */
export const pendingSignersOf = (quorum: Quorum, approvals: readonly SubmittedApproval[]): QuorumSigner[] => {
  if (remainingOf(quorum, approvals) <= 0) return [];
  const signed = new Set(approvals.map((approval) => approval.signer));
  return quorum.signers.filter((signer) => !signed.has(signer.locator));
};

export const approvalsComplete = (transfer: Pick<Transfer, 'quorums' | 'approvals'>): boolean =>
  transfer.quorums.every((quorum) => remainingOf(quorum, transfer.approvals) <= 0);

/** Every signer whose approval the transfer still waits for, once each. */
export const pendingSignerLocators = (transfer: Pick<Transfer, 'quorums' | 'approvals'>): string[] => [
  ...new Set(
    transfer.quorums.flatMap((quorum) => pendingSignersOf(quorum, transfer.approvals).map((signer) => signer.locator)),
  ),
];

/** The quorum member behind a signer locator: the address and type the handler verifies a signature against. */
export const quorumSignerOf = (transfer: Pick<Transfer, 'quorums'>, locator: string): QuorumSigner | undefined =>
  transfer.quorums.flatMap((quorum) => quorum.signers).find((signer) => signer.locator === locator);
