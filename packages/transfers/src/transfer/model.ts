import type { ChainType, WalletType } from './chain.js';

/** The wallet a transfer leaves from, as the handler resolved it from the path's wallet locator. */
export interface SourceWallet {
  readonly walletId: string;
  /** Canonical wallet locator (the handler's choice; used in links and webhooks). */
  readonly locator: string;
  readonly address: string;
}

/** The token locator the client used, and what it resolved to on the transfer's chain. */
export interface TransferToken {
  /** Token locator echoed in `sendParams.token`, e.g. `base-sepolia:usdc`. */
  readonly locator: string;
  /** The chain's own currency (ETH, SOL, ...), which has no contract. */
  readonly native: boolean;
  /** ERC-20 contract, SPL mint, Aptos fungible-asset metadata, Sui coin type or Stellar asset contract. */
  readonly address?: string;
  readonly decimals: number;
  readonly symbol: string;
}

export interface TransferRecipient {
  /** The recipient as the client wrote it: a wallet locator or an address. */
  readonly locator: string;
  readonly address: string;
  /** Set when the recipient is one of our wallets, so it can be told about the incoming transfer. */
  readonly walletId?: string;
}

export const MEMO_TYPES = ['text', 'id', 'hash'] as const;
export type MemoType = (typeof MEMO_TYPES)[number];
export interface Memo {
  readonly type: MemoType;
  readonly value: string;
}

/** An amount both ways: the decimal the client speaks and the integer base units the chain speaks. */
export interface TransferAmount {
  /** Canonical decimal string (no exponent, no trailing zeros). */
  readonly decimal: string;
  /** Integer base units as a decimal string (bigint does not survive JSON). */
  readonly baseUnits: string;
}

/** A signer that may approve as part of a quorum. `type` is its locator's prefix (api-key, external-wallet, ...). */
export interface QuorumSigner {
  readonly locator: string;
  readonly type: string;
  readonly address: string;
}

/** `threshold` of `signers` must approve; a transfer waits until every one of its quorums has. */
export interface Quorum {
  readonly locator: string;
  readonly threshold: number;
  readonly signers: readonly QuorumSigner[];
}

export interface SubmittedApproval {
  readonly signer: string;
  readonly signature: string;
  readonly message: string;
  /** ISO 8601. */
  readonly submittedAt: string;
}

/** A fee in the token it is paid in (usually the chain's gas token). */
export interface FeeAmount {
  /** Token locator, e.g. `base-sepolia:eth`. */
  readonly token: string;
  /** Decimal amount of that token. */
  readonly amount: string;
}

/** A target and call data as they go on chain. */
export interface OnChainCall {
  readonly to: string;
  readonly data: string;
}

export const KNOWN_FAILURE_REASONS = [
  'insufficient_funds',
  'program_error',
  'reverted',
  'expired',
  'dropped',
  'rejected',
] as const;
/** Why a transfer failed; the spec leaves the list open, these are the ones we produce. */
export type FailureReason = (typeof KNOWN_FAILURE_REASONS)[number];

export interface TransferError {
  readonly message: string;
  readonly reason: FailureReason;
  readonly logs?: readonly string[];
  /** Hex revert data of a reverted EVM call. */
  readonly revertData?: string;
}

export const BILLING_STATUSES = ['succeeded', 'failed'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export interface Broadcast {
  readonly txId: string;
  /** What actually went on chain when it differs from the planned call (e.g. a smart-account wrapper). */
  readonly call?: OnChainCall;
  readonly explorerLink?: string;
  readonly broadcastAt: string;
}

export interface Confirmation {
  readonly confirmations: number;
  readonly blockNumber: number;
  readonly blockHash?: string;
  readonly confirmedAt: string;
}

export type Outcome =
  | { readonly status: 'success'; readonly completedAt: string; readonly actualFee?: FeeAmount }
  | {
      readonly status: 'failed';
      readonly completedAt: string;
      readonly error: TransferError;
      readonly actualFee?: FeeAmount;
    };

/** A transfer as its events record it. */
export interface Transfer {
  readonly transferId: string;
  readonly wallet: SourceWallet;
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly chain: string;
  readonly token: TransferToken;
  readonly recipient: TransferRecipient;
  readonly amount: TransferAmount;
  readonly memo?: Memo;
  /** The signer locator the client asked to sign with, if any. */
  readonly signer?: string;
  readonly quorums: readonly Quorum[];
  /** Every approval received, in order; a signer counts in each quorum it belongs to. */
  readonly approvals: readonly SubmittedApproval[];
  /** What each approver signs (see approval-message.ts). */
  readonly approvalMessage: string;
  /** The approval-message version it was made with (1: before ADR 0455, EVM memos not covered). */
  readonly approvalMessageVersion: number;
  /** ISO 8601; after it an incomplete approval can no longer complete. */
  readonly approvalsExpireAt: string;
  readonly createdAt: string;
  readonly feeEstimate?: FeeAmount;
  /** The serialized unsigned transaction the approvers sign (Solana), shown as `onChain.transaction`. */
  readonly onChainTransaction?: string;
  readonly approvedAt?: string;
  readonly broadcast?: Broadcast;
  readonly confirmation?: Confirmation;
  readonly outcome?: Outcome;
  readonly billing?: { readonly billedUsd: string; readonly status: BillingStatus; readonly billedAt: string };
}

export type TransferState = Transfer | null;
