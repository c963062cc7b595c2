import type { DomainEvent } from '@paykit/kernel';
import type { ChainType, WalletType } from './chain.js';
import type {
  BillingStatus,
  FeeAmount,
  Memo,
  OnChainCall,
  Quorum,
  SourceWallet,
  TransferAmount,
  TransferError,
  TransferRecipient,
  TransferToken,
} from './model.js';

/**
 * Who sent what to whom, carried whole by the events a projection turns into
 * `wallets.transfer.out` / `wallets.transfer.in` (see directions.ts), so it needs no fold.
 */
export interface TransferMovement {
  readonly transferId: string;
  readonly chain: string;
  readonly chainType: ChainType;
  readonly token: TransferToken;
  readonly amount: TransferAmount;
  readonly from: SourceWallet;
  readonly to: TransferRecipient;
  readonly txId?: string;
}

export type TransferCreated = DomainEvent<
  'TransferCreated',
  {
    readonly transferId: string;
    readonly wallet: SourceWallet;
    readonly chainType: ChainType;
    readonly walletType: WalletType;
    readonly chain: string;
    readonly token: TransferToken;
    readonly recipient: TransferRecipient;
    readonly amount: TransferAmount;
    readonly memo?: Memo;
    readonly signer?: string;
    readonly approvals: {
      readonly quorums: readonly Quorum[];
      readonly message: string;
      readonly expiresAt: string;
      /** APPROVAL_MESSAGE_VERSION when the message was made; absent on transfers made before ADR 0455 (v1). */
      readonly version?: number;
    };
    readonly feeEstimate?: FeeAmount;
    /** The serialized unsigned transaction the approvers sign (Solana), when the handler prepared one. */
    readonly onChainTransaction?: string;
    readonly createdAt: string;
  }
>;

export type TransferApprovalSubmitted = DomainEvent<
  'TransferApprovalSubmitted',
  {
    readonly transferId: string;
    readonly signer: string;
    readonly signature: string;
    readonly message: string;
    readonly submittedAt: string;
  }
>;

/** Every quorum reached its threshold: the transfer is ready to broadcast. */
export type TransferApproved = DomainEvent<
  'TransferApproved',
  { readonly transferId: string; readonly approvedAt: string }
>;

export type TransferBroadcast = DomainEvent<
  'TransferBroadcast',
  {
    readonly transferId: string;
    readonly txId: string;
    readonly call?: OnChainCall;
    readonly explorerLink?: string;
    readonly broadcastAt: string;
  }
>;

export type TransferConfirmed = DomainEvent<
  'TransferConfirmed',
  {
    readonly transferId: string;
    readonly confirmations: number;
    readonly blockNumber: number;
    readonly blockHash?: string;
    readonly confirmedAt: string;
  }
>;

export type TransferSucceeded = DomainEvent<
  'TransferSucceeded',
  {
    readonly transferId: string;
    readonly completedAt: string;
    readonly actualFee?: FeeAmount;
    readonly movement: TransferMovement;
  }
>;

export type TransferFailed = DomainEvent<
  'TransferFailed',
  {
    readonly transferId: string;
    readonly failedAt: string;
    readonly error: TransferError;
    readonly actualFee?: FeeAmount;
    readonly movement: TransferMovement;
  }
>;

export type TransferFeeBilled = DomainEvent<
  'TransferFeeBilled',
  { readonly transferId: string; readonly billedUsd: string; readonly status: BillingStatus; readonly billedAt: string }
>;

export type TransferEvent =
  | TransferCreated
  | TransferApprovalSubmitted
  | TransferApproved
  | TransferBroadcast
  | TransferConfirmed
  | TransferSucceeded
  | TransferFailed
  | TransferFeeBilled;
