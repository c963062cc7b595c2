import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';

export type BankAccountType = 'checking' | 'savings';

/** A US bank account as the account holder gives it; only the vault ever sees the number. */
export interface BankAccountDetails {
  readonly accountNumber: string;
  /** The 9-digit ABA routing number. */
  readonly routingNumber: string;
  readonly accountType?: BankAccountType;
  readonly holderName?: string;
  /** Defaults: usd, US. */
  readonly currency?: string;
  readonly country?: string;
}

/** What we keep and show instead of the account: a token and the last four digits. */
export interface BankAccountToken {
  readonly token: string;
  readonly accountSuffix: string;
  readonly routingNumber: string;
  readonly accountType: BankAccountType;
  readonly currency: string;
  readonly country: string;
}

/**
 * The bank-account vault of the payout rail. Errors: invalid (`invalid_account_number`,
 * `invalid_routing_number`, `currency_not_supported`), not_found `bank_account_not_found`,
 * `unavailable` / `upstream_invalid` for the vault's outages and bad answers.
 */
export interface BankAccountVaultPort {
  tokenizeBankAccount(details: BankAccountDetails): Promise<E.Either<DomainError, BankAccountToken>>;
  describeBankAccount(token: string): Promise<E.Either<DomainError, BankAccountToken>>;
  /** Forgets the account (its payment method was deleted); true when there was one. */
  deleteBankAccount(token: string): Promise<E.Either<DomainError, boolean>>;
}
