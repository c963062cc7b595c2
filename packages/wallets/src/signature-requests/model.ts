import type { DomainError, DomainEvent } from '@paykit/kernel';
import type { Environment } from '../chains/chain-type.js';
import type { CustodialKeys } from '../wallet/commands.js';
import type { DelegatedSignerInput } from '../wallet/types.js';

/** The signer asked to approve, as the wallet names it. */
export interface SignatureSigner {
  readonly type: string;
  readonly address: string;
  readonly locator: string;
}

/**
 * A request for a wallet's signature (EVM): of a message (EIP-191) or typed data (EIP-712).
 * A smart wallet signs through its signer, who approves `approvalMessage` (the smart-account
 * message hash of `digest`); a key the service holds signs at once.
 */
export interface SignatureRequest {
  readonly signatureId: string;
  readonly walletId: string;
  readonly walletAddress: string;
  readonly environment: Environment;
  readonly walletType: 'smart' | 'mpc';
  readonly chain: string;
  /** `add-signer`: the admin's approval of a delegated signer, which joins the wallet once signed. */
  readonly type: 'message' | 'typed-data' | 'add-signer';
  /** The client's params as sent: `{ message }` or `{ typedData }`. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly signer: SignatureSigner;
  /** 0x hash a verifier checks (hashMessage / hashTypedData). */
  readonly digest: string;
  /** What the signer signs (EIP-191 over its 32 raw bytes). */
  readonly approvalMessage: string;
  readonly createdAt: string;
  /** What the signature authorises beyond itself: a delegated signer to add (its keys sealed). */
  readonly purpose?: {
    readonly kind: 'add-delegated-signer';
    /** Which registration of the signer this is (the wallet's signerRemovals for it); absent: the first. */
    readonly generation?: number;
    readonly request: DelegatedSignerInput;
    readonly custodialKeys: CustodialKeys;
  };
  readonly approval?: { readonly signature: string; readonly submittedAt: string };
  readonly outputSignature?: string;
  readonly completedAt?: string;
}

export type SignatureRequestState = SignatureRequest | null;

type RequestData = Omit<SignatureRequest, 'approval' | 'outputSignature' | 'completedAt'>;

export type SignatureRequested = DomainEvent<'SignatureRequested', RequestData>;
export type SignatureApprovalSubmitted = DomainEvent<
  'SignatureApprovalSubmitted',
  { readonly signatureId: string; readonly signer: string; readonly signature: string; readonly submittedAt: string }
>;
export type SignatureCompleted = DomainEvent<
  'SignatureCompleted',
  { readonly signatureId: string; readonly outputSignature: string; readonly completedAt: string }
>;
export type SignatureRequestEvent = SignatureRequested | SignatureApprovalSubmitted | SignatureCompleted;

export type RequestSignature = {
  readonly type: 'RequestSignature';
  readonly data: RequestData & {
    /** The wallet's signature when the service holds the signing key: the request completes at once. */
    readonly signedByService?: string;
  };
};

export type SubmitSignatureApproval = {
  readonly type: 'SubmitSignatureApproval';
  readonly data: {
    readonly signer: string;
    readonly signature: string;
    /** Whether the handler verified `signature` as the signer's signature of the approval message. */
    readonly verified: boolean;
    /** Why the handler refused the proof outright (a passkey's assertion made for another origin, ...), when it did. */
    readonly refusal?: DomainError;
    readonly submittedAt: string;
  };
};

export type SignatureRequestCommand = RequestSignature | SubmitSignatureApproval;

export const signatureStreamName = (signatureId: string): string => `walletsignature-${signatureId}`;
