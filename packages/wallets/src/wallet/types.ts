import type { ChainType, Environment, WalletType } from '../chains/chain-type.js';
import type { CustodialKey } from '../keys/custodial-key.js';
import type { P256PublicKey } from '../signatures/passkey.js';

/** Who may approve a wallet's transactions. Every signer has an address and a locator (`<type>:<id>`). */
export type Signer =
  | { readonly type: 'external-wallet'; readonly address: string; readonly locator: string }
  /** A key the caller's server holds (derived from its secret); only its address is known here. */
  | { readonly type: 'server'; readonly address: string; readonly locator: string }
  /** A key the service holds for the project, used with the project's API key. */
  | { readonly type: 'api-key'; readonly address: string; readonly locator: string }
  | { readonly type: 'email'; readonly email: string; readonly address: string; readonly locator: string }
  | { readonly type: 'phone'; readonly phone: string; readonly address: string; readonly locator: string }
  | {
      readonly type: 'passkey';
      readonly id: string;
      readonly name: string;
      readonly publicKey: P256PublicKey;
      readonly address: string;
      readonly locator: string;
    }
  | {
      readonly type: 'device';
      readonly publicKey: P256PublicKey;
      readonly name?: string;
      readonly address: string;
      readonly locator: string;
    };

export type SignerType = Signer['type'];

export interface SpendingLimit {
  /** Decimal amount of the scope's token. */
  readonly amount: string;
  /** Length of the rolling window, in seconds. */
  readonly interval: number;
}

export interface TransferScope {
  readonly type: 'transfer';
  readonly tokenLocator: string;
  readonly spendingLimit?: SpendingLimit;
}

export type DelegatedSignerChains = Readonly<Record<string, { readonly status: 'success' }>>;

/** A signer the admin delegated some power to: without scopes it may do anything the admin may. */
export interface DelegatedSigner {
  readonly signer: Signer;
  readonly scopes: readonly TransferScope[];
  /** ISO 8601 instant after which the signer can no longer approve anything. */
  readonly expiresAt?: string;
  /** Chains the signer is registered on (all chains of the wallet's family in its environment). */
  readonly chains: DelegatedSignerChains;
}

/** A wallet as the events record it. Custodial keys appear only as encrypted blobs. */
export interface Wallet {
  readonly walletId: string;
  readonly environment: Environment;
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly address: string;
  readonly owner?: string;
  readonly alias?: string;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  readonly adminSigner?: Signer;
  readonly delegatedSigners: readonly DelegatedSigner[];
  /** EVM and Solana smart wallets: the creation seed the request gave (default "0"). */
  readonly creationSeed?: string;
  /**
   * EVM and Solana smart wallets: the account index their address was derived with, in decimal
   * (smartAccountIndex of project, owner, alias and seed). Events written before v2 lack it;
   * evolve fills in their index, the creation seed.
   */
  readonly accountIndex?: string;
  readonly recovery?: Signer;
  /** Keys the service holds, by holder: `wallet` for the wallet's own key, else the signer's locator. */
  readonly custodialKeys: Readonly<Record<string, CustodialKey>>;
  /**
   * Folded, never in an event: how many times each signer was removed. A signer's registrations
   * and removals after creation are numbered by it, so an approval of an earlier one never
   * counts again (ADR 0449).
   */
  readonly signerRemovals?: Readonly<Record<string, number>>;
}

/** A signer as a request gives it: an object, or (for delegated signers) a signer locator string. */
export type SignerInput =
  | string
  | {
      readonly type: string;
      readonly address?: string;
      readonly id?: string;
      readonly name?: string;
      readonly publicKey?: { readonly x: string; readonly y: string };
      readonly email?: string;
      readonly phone?: string;
    };

export interface ScopeInput {
  readonly type: string;
  readonly tokenLocator: string;
  readonly spendingLimit?: { readonly amount: string; readonly interval: number };
}

export interface DelegatedSignerInput {
  readonly signer: SignerInput;
  readonly scopes?: readonly ScopeInput[];
  readonly expiresAt?: string;
  readonly deployImmediately?: boolean;
}

/** The create-wallet body (spec endpoint 2 and COMPAT.md), shape-checked but not yet validated. */
export interface CreateWalletRequest {
  readonly chainType: string;
  readonly type?: string;
  readonly owner?: string;
  readonly alias?: string;
  readonly config?: {
    readonly adminSigner?: SignerInput;
    readonly delegatedSigners?: readonly DelegatedSignerInput[];
    readonly creationSeed?: string;
    readonly recovery?: SignerInput;
  };
}
