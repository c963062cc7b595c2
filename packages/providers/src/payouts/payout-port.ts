import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError, Money } from '@paykit/kernel';

export interface CreatePayoutRequest {
  /** A bank-account token from the vault. */
  readonly paymentMethodToken: string;
  /** A positive decimal string in `currency`, at most 2 decimals. */
  readonly amount: string;
  readonly currency: string;
  /** Ours, shown on the bank statement and echoed back: the order id, say. */
  readonly reference: string;
  /** Repeats with the same key return the same payout; defaults to `reference`. */
  readonly idempotencyKey?: string;
}

/**
 * pending: accepted, not yet sent; sent: on its way through the bank network;
 * settled: in the account (final); failed: returned by the receiving bank (final).
 */
export type PayoutStatus = 'pending' | 'sent' | 'settled' | 'failed';

export interface Payout {
  readonly payoutId: string;
  readonly status: PayoutStatus;
  readonly amount: Money;
  readonly reference: string;
  readonly accountSuffix: string;
  readonly createdAt: string;
  readonly sentAt?: string;
  readonly settledAt?: string;
  readonly failedAt?: string;
  readonly failureReason?: { readonly code: string; readonly message: string };
}

/**
 * The bank payout rail. Errors: invalid (`invalid_amount`, `currency_not_supported`,
 * `currency_mismatch`, `payment_method_token_invalid`), conflict `idempotency_key_reused`,
 * not_found `payout_not_found`, `unavailable` / `upstream_invalid` for its outages and bad answers.
 */
export interface PayoutRailPort {
  createPayout(request: CreatePayoutRequest): Promise<E.Either<DomainError, Payout>>;
  /** The payout as it stands now; poll it until it is settled or failed. */
  getPayout(payoutId: string): Promise<E.Either<DomainError, Payout>>;
}
