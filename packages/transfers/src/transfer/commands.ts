import type { DomainError } from '@paykit/kernel';
import type { ChainType, WalletType } from './chain.js';
import type {
  BillingStatus,
  FeeAmount,
  Memo,
  OnChainCall,
  QuorumSigner,
  SourceWallet,
  TransferError,
  TransferRecipient,
  TransferToken,
} from './model.js';

interface Command<Type extends string, Data> {
  readonly type: Type;
  readonly data: Data;
}

/** A quorum as the handler computed it from the wallet's signers; the locator is derived when absent. */
export interface QuorumInput {
  readonly locator?: string;
  readonly threshold: number;
  readonly signers: readonly QuorumSigner[];
}

/**
 * A transfer request with everything the handler resolved: the wallet, token and recipient
 * locators, and the approvals the wallet's signers require (none when the service signs
 * implicitly, e.g. for an api-key admin signer).
 */
export type CreateTransfer = Command<
  'CreateTransfer',
  {
    readonly transferId: string;
    readonly wallet: SourceWallet;
    readonly chainType: ChainType;
    readonly walletType: WalletType;
    readonly chain: string;
    readonly token: TransferToken;
    readonly recipient: TransferRecipient;
    /** Decimal string as the client sent it. */
    readonly amount: string;
    /**
     * `call`: a raw transaction read as the transfer it makes, which may move nothing (an EVM
     * call with value 0 and no data). A `transfer` (the default) moves an amount above zero.
     */
    readonly source?: 'transfer' | 'call';
    readonly memo?: Memo;
    readonly signer?: string;
    readonly requiredApprovals: readonly QuorumInput[];
    /** How long approvals may take; DEFAULT_APPROVAL_WINDOW_SECONDS when absent. */
    readonly approvalWindowSeconds?: number;
    readonly feeEstimate?: FeeAmount;
    /**
     * The chain's own unsigned transaction, prepared by the handler where approvers sign it rather
     * than a digest (Solana: a base58 v0 `VersionedTransaction` and its base58 message bytes,
     * bound to this transfer by its approval digest). Its message becomes the approval message.
     */
    readonly onChainTransaction?: { readonly transaction: string; readonly message: string };
    /** ISO 8601. */
    readonly createdAt: string;
  }
>;

/** One approval whose signature the handler has checked against the transfer's approval message. */
export interface ApprovalInput {
  /** Signer locator, normalized the way the wallet's signers are. */
  readonly signer: string;
  readonly signature: string;
  /** The message the signature was verified against; must be the transfer's approval message. */
  readonly message: string;
  readonly verified: boolean;
  /** Why the handler refused the proof outright (a passkey's assertion made for another origin, ...), when it did. */
  readonly refusal?: DomainError;
}

/** The approvals of one request (COMPAT: `{ approvals: [...] }`), accepted all or none. */
export type SubmitApprovals = Command<
  'SubmitApprovals',
  { readonly approvals: readonly ApprovalInput[]; readonly submittedAt: string }
>;

export type ExpireApprovals = Command<'ExpireApprovals', { readonly now: string }>;

export type RecordBroadcast = Command<
  'RecordBroadcast',
  { readonly txId: string; readonly call?: OnChainCall; readonly explorerLink?: string; readonly broadcastAt: string }
>;

export type RecordConfirmation = Command<
  'RecordConfirmation',
  {
    readonly confirmations: number;
    readonly blockNumber: number;
    readonly blockHash?: string;
    readonly confirmedAt: string;
  }
>;

/** The transaction reached finality and succeeded. */
export type RecordFinality = Command<
  'RecordFinality',
  { readonly completedAt: string; readonly actualFee?: FeeAmount }
>;

/** The transaction could not be sent, or was final and failed (reverted, program error, ...). */
export type RecordFailure = Command<
  'RecordFailure',
  { readonly error: TransferError; readonly failedAt: string; readonly actualFee?: FeeAmount }
>;

/** What the project was charged for the transfer's fees, once it is final. */
export type RecordFeeBilling = Command<
  'RecordFeeBilling',
  { readonly billedUsd: string; readonly status: BillingStatus; readonly billedAt: string }
>;

export type TransferCommand =
  | CreateTransfer
  | SubmitApprovals
  | ExpireApprovals
  | RecordBroadcast
  | RecordConfirmation
  | RecordFinality
  | RecordFailure
  | RecordFeeBilling;
