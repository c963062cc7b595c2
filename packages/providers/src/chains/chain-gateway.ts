import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { FeeAmount, Memo, OnChainCall, TransferError } from '@paykit/transfers';
import type { KeyCurve, WalletType } from '@paykit/wallets';

/** A token on one chain: the chain's own currency, or a contract / mint / asset by its address. */
export type ChainToken = { readonly native: true } | { readonly native: false; readonly address: string };

export interface ChainBalance {
  readonly chain: string;
  readonly address: string;
  readonly token: ChainToken;
  /** Integer base units as a decimal string. */
  readonly baseUnits: string;
  readonly decimals: number;
}

export interface BalanceRequest {
  readonly chain: string;
  readonly address: string;
  readonly token: ChainToken;
}

/**
 * Who may move the wallet's funds. A custodial (MPC, Stellar) wallet: its key, decrypted by the
 * caller just for this call (the gateway never stores or logs it). A smart wallet: the call its
 * admin approved, with the approvals as the transfer recorded them.
 */
export type TransferAuthority =
  | { readonly kind: 'custodial-key'; readonly curve: KeyCurve; readonly secretKey: Uint8Array }
  | {
      readonly kind: 'smart-account';
      readonly approvals: readonly { readonly signer: string; readonly signature: string; readonly message: string }[];
    };

export interface SubmitTransferRequest {
  readonly chain: string;
  readonly from: { readonly address: string; readonly walletType: WalletType };
  readonly authority: TransferAuthority;
  readonly token: ChainToken;
  readonly recipient: string;
  /** Integer base units as a decimal string. */
  readonly baseUnits: string;
  readonly memo?: Memo;
  /** The same key (a transfer id) submitted again returns the first submission instead of paying twice. */
  readonly idempotencyKey?: string;
}

/**
 * `submitted`: the transaction is on its way (poll its status). `rejected`: it never reached the
 * chain because it could not succeed (simulation reverted, not enough to pay gas); final.
 */
export type SubmitTransferResult =
  | {
      readonly outcome: 'submitted';
      readonly txId: string;
      readonly explorerLink: string;
      /** What went on chain (target and call data). */
      readonly call?: OnChainCall;
      /** ISO 8601. */
      readonly submittedAt: string;
    }
  | { readonly outcome: 'rejected'; readonly error: TransferError };

/**
 * A transaction as the chain reports it. `success` and `failed` are given only once the block
 * is final (see `finalityOf`); before that an included transaction is `pending` with its block
 * and confirmation count.
 */
export type TransactionStatus =
  | {
      readonly status: 'pending';
      readonly confirmations: number;
      readonly requiredConfirmations: number;
      readonly blockNumber?: number;
      readonly blockHash?: string;
    }
  | {
      readonly status: 'success';
      readonly confirmations: number;
      readonly blockNumber: number;
      readonly blockHash?: string;
      readonly fee: FeeAmount;
      /** ISO 8601: when the block that made it final was produced (or when it was seen final). */
      readonly finalizedAt: string;
    }
  | {
      readonly status: 'failed';
      readonly error: TransferError;
      readonly confirmations: number;
      readonly blockNumber?: number;
      readonly blockHash?: string;
      readonly fee?: FeeAmount;
      readonly finalizedAt: string;
    };

/** When a block counts as final on a chain, and how often blocks come. */
export interface FinalityRule {
  readonly chain: string;
  /** A transaction is final once this many blocks hold it (its own block counts as one). */
  readonly confirmations: number;
  readonly blockTimeMs: number;
}

/** A transfer into an address as the chain recorded it, for deposit verification. */
export interface IncomingTransfer {
  readonly chain: string;
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly token: ChainToken;
  readonly baseUnits: string;
  readonly memo?: Memo;
  /** `failed` transactions moved nothing. */
  readonly status: 'pending' | 'success' | 'failed';
  readonly confirmations: number;
  readonly final: boolean;
  readonly blockNumber?: number;
}

export interface DepositTransactionRequest {
  readonly chain: string;
  /** The payer's address (the transaction's sender). */
  readonly payer: string;
  readonly depositAddress: string;
  readonly token: ChainToken;
  readonly baseUnits: string;
  /** How the deposit is matched to its order (see README: EVM carries it after the call data). */
  readonly memo?: Memo;
}

/**
 * An unsigned transaction for the payer's wallet to sign and broadcast. `evm-eip1559`: viem's
 * `serializeTransaction` hex; `paykit-transfer-v1`: base64 of canonical JSON (README).
 */
export interface UnsignedDepositTransaction {
  readonly chain: string;
  readonly encoding: 'evm-eip1559' | 'paykit-transfer-v1';
  readonly serializedTransaction: string;
  readonly to: string;
  readonly data?: string;
}

export interface FaucetRequest {
  readonly chain: string;
  readonly address: string;
  /** The test stablecoin (`usdxm`, also accepted as `usdc`) or `native` for gas. */
  readonly token: string;
  /** A decimal string; the stablecoin takes 1..100. */
  readonly amount: string;
}

export interface FaucetResult {
  readonly chain: string;
  readonly txIds: readonly string[];
  /** The address's stablecoin balance afterwards, in base units and as a decimal. */
  readonly balance: ChainBalance & { readonly amount: string };
}

export interface FeeEstimateRequest {
  readonly chain: string;
  readonly from: string;
  readonly token: ChainToken;
  readonly recipient: string;
  readonly baseUnits: string;
}

/** A fee in the chain's gas token: the token locator, a decimal and base units. */
export interface FeeEstimate extends FeeAmount {
  readonly baseUnits: string;
}

export interface SignedTransactionRequest {
  readonly chain: string;
  /** EVM: the signed raw transaction hex; others: what the adapter documents. */
  readonly signedTransaction: string;
}

/**
 * The chains, as the service sees them. Every method answers for one chain of the gateway's
 * environment. Errors (full list in README.md): invalid (`chain_not_supported`, `invalid_address`,
 * `invalid_amount`, `token_not_supported`, `invalid_memo`, `signer_mismatch`, ...), unprocessable
 * `authority_not_supported`, not_found `transaction_not_found`, forbidden `faucet_not_available`,
 * and for the party's faults `unavailable` (`chain_unavailable`, `chain_not_configured`,
 * `faucet_not_configured`, `faucet_unavailable`) and `upstream_invalid` (`chain_invalid_response`).
 */
export interface ChainGateway {
  getBalance(request: BalanceRequest): Promise<E.Either<DomainError, ChainBalance>>;
  submitTransfer(request: SubmitTransferRequest): Promise<E.Either<DomainError, SubmitTransferResult>>;
  getTransactionStatus(chain: string, txId: string): Promise<E.Either<DomainError, TransactionStatus>>;
  finalityOf(chain: string): E.Either<DomainError, FinalityRule>;
  explorerLink(chain: string, txId: string): E.Either<DomainError, string>;
  findIncomingTransfer(chain: string, txId: string): Promise<E.Either<DomainError, IncomingTransfer>>;
  buildDepositTransaction(
    request: DepositTransactionRequest,
  ): Promise<E.Either<DomainError, UnsignedDepositTransaction>>;
  /** Broadcasts a transaction a payer signed (tests and tools acting as the payer). */
  broadcastSignedTransaction(
    request: SignedTransactionRequest,
  ): Promise<E.Either<DomainError, { readonly txId: string }>>;
  /** Staging only; refused with forbidden `faucet_not_available` in production. */
  fund(request: FaucetRequest): Promise<E.Either<DomainError, FaucetResult>>;
  estimateFee(request: FeeEstimateRequest): Promise<E.Either<DomainError, FeeEstimate>>;
}
