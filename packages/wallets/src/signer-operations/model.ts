import type { DomainError, DomainEvent } from '@paykit/kernel';
import type { ChainType, Environment } from '../chains/chain-type.js';
import type { SignatureSigner } from '../signature-requests/model.js';
import type { CustodialKeys } from '../wallet/commands.js';
import type { DelegatedSignerInput } from '../wallet/types.js';

export type SignerOperationKind = 'add-signer' | 'remove-signer';

/**
 * A wallet transaction that changes who may sign for a smart wallet (ADR 0448): a delegated
 * signer joins or leaves once the wallet's admin approves `approvalMessage`. It takes effect on
 * the wallet (AddDelegatedSigner, RemoveDelegatedSigner) after the approval.
 */
export interface SignerOperation {
  readonly operationId: string;
  readonly walletId: string;
  readonly walletAddress: string;
  readonly environment: Environment;
  readonly chainType: ChainType;
  readonly chain: string;
  readonly kind: SignerOperationKind;
  /** The delegated signer's locator. */
  readonly signer: string;
  /** Which of the signer's registrations or removals this is (the wallet's signerRemovals for it). */
  readonly generation: number;
  /** Who approves: the wallet's admin signer. */
  readonly approver: SignatureSigner;
  /** 0x sha256 of what the operation does (signerOperationDigest). */
  readonly digest: string;
  /** What the approver signs: the digest (EVM hex, Stellar base64) or a Solana transaction's message (base58). */
  readonly approvalMessage: string;
  /** Solana: the unsigned v0 VersionedTransaction, base58, whose message is the approval message. */
  readonly onChainTransaction?: string;
  readonly createdAt: string;
  /** add-signer: the signer and grant to add, with any keys the service generated for it (sealed). */
  readonly addition?: { readonly request: DelegatedSignerInput; readonly custodialKeys: CustodialKeys };
  /** The approval: a signature, or none when the service holds the admin's key and approved at once. */
  readonly approval?: { readonly signature?: string; readonly submittedAt: string };
  readonly txId?: string;
  readonly completedAt?: string;
}

export type SignerOperationState = SignerOperation | null;

type OperationData = Omit<SignerOperation, 'approval' | 'txId' | 'completedAt'>;

export type SignerOperationRequested = DomainEvent<'SignerOperationRequested', OperationData>;
export type SignerOperationApproved = DomainEvent<
  'SignerOperationApproved',
  {
    readonly operationId: string;
    readonly signer: string;
    readonly signature?: string;
    readonly txId: string;
    readonly submittedAt: string;
  }
>;
export type SignerOperationEvent = SignerOperationRequested | SignerOperationApproved;

export type RequestSignerOperation = {
  readonly type: 'RequestSignerOperation';
  readonly data: OperationData & {
    /** The service holds the admin's key: the operation is approved as it is opened, with this txId. */
    readonly approvedByService?: { readonly txId: string };
  };
};

export type ApproveSignerOperation = {
  readonly type: 'ApproveSignerOperation';
  readonly data: {
    readonly signer: string;
    readonly signature: string;
    /** Whether the handler verified `signature` as the approver's signature of the approval message. */
    readonly verified: boolean;
    /** Why the handler refused the proof outright (a passkey's assertion made for another origin, ...), when it did. */
    readonly refusal?: DomainError;
    readonly txId: string;
    readonly submittedAt: string;
  };
};

export type SignerOperationCommand = RequestSignerOperation | ApproveSignerOperation;

export const signerOperationStreamName = (operationId: string): string => `walletsignerop-${operationId}`;
