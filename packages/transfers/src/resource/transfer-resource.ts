import type { ContractCall } from '../call/contract-call.js';
import type { ChainType, WalletType } from '../transfer/chain.js';
import type { BillingStatus, FeeAmount, Memo, OnChainCall, TransferError } from '../transfer/model.js';
import type { TransferStatus } from '../transfer/status.js';

/** A signer inside a quorum. */
export interface QuorumMemberResource {
  readonly address: string;
  readonly locator: string;
  readonly type: string;
}

export interface QuorumApprovalsResource {
  readonly threshold: number;
  readonly remaining: number;
  /** The members whose signature would still count, each with the message to sign. */
  readonly pending: readonly { readonly message: string; readonly signer: QuorumMemberResource }[];
  readonly submitted: readonly {
    readonly message: string;
    readonly signature: string;
    readonly signer: QuorumMemberResource;
    /** Epoch milliseconds, like the resource's other times. */
    readonly submittedAt: number;
  }[];
}

/** A k-of-n quorum (more than one member, or more than one signature needed): the spec's form. */
export interface QuorumApprovalEntryResource {
  readonly signer: { readonly locator: string; readonly type: 'quorum' };
  readonly quorumApprovals: QuorumApprovalsResource;
}

/** One signer that alone approves, as itself: what the public SDK reads (`signer.locator`, `message`). */
export interface SignerPendingApprovalResource {
  readonly signer: QuorumMemberResource;
  readonly message: string;
}

export interface SignerSubmittedApprovalResource extends SignerPendingApprovalResource {
  readonly signature: string;
  /** Epoch milliseconds, like the resource's other times. */
  readonly submittedAt: number;
}

export type PendingApprovalEntryResource = QuorumApprovalEntryResource | SignerPendingApprovalResource;
export type SubmittedApprovalEntryResource = QuorumApprovalEntryResource | SignerSubmittedApprovalResource;

/** The spec's Transfer transaction resource (endpoint 8, and every item of GET .../transactions). */
export interface TransferResource {
  readonly id: string;
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly status: TransferStatus;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  /** Epoch milliseconds at which the outcome (success or failure) became final. */
  readonly completedAt?: number;
  readonly params: { readonly call: ContractCall; readonly chain: string };
  readonly onChain: {
    readonly call?: OnChainCall;
    /** Solana: the unsigned v0 `VersionedTransaction`, base58, that the approvers sign (ADR 0442). */
    readonly transaction?: string;
    readonly explorerLink?: string;
    readonly txId?: string;
  };
  readonly sendParams: {
    readonly token: string;
    readonly params: {
      readonly recipient: string;
      readonly recipientAddress: string;
      readonly amount: string;
      readonly memo?: Memo;
    };
  };
  readonly approvals: {
    /** How many quorums must be satisfied (each top-level entry is one). */
    readonly required: number;
    readonly pending: readonly PendingApprovalEntryResource[];
    readonly submitted: readonly SubmittedApprovalEntryResource[];
  };
  readonly error?: TransferError;
  readonly fees: {
    readonly mode: 'project';
    readonly actual?: FeeAmount;
    readonly estimate?: FeeAmount;
    readonly billed: { readonly usd: number };
    readonly billing?: { readonly status: BillingStatus };
  };
}
