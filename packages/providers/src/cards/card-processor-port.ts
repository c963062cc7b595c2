import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError, Money } from '@paykit/kernel';
import type { CardBrand } from './card-number.js';
import type { CardTokenOwner } from './card-vault-port.js';

export interface ChargeRequest {
  /** A token from the vault; never card details. It pays one charge (repeats of that charge's key reach it). */
  readonly token: string;
  /** The account charging and the customer it acts for: a token made for another is not known to it. */
  readonly owner?: CardTokenOwner;
  /** A positive decimal string in `currency`, at most 2 decimals. */
  readonly amount: string;
  readonly currency: string;
  /** Repeating a charge with the same key returns the same charge, never a second one. */
  readonly idempotencyKey: string;
  /** What the charge pays (an order id): kept with the charge, named again in the processor's webhooks. */
  readonly reference?: string;
}

/** Why a card was declined, as the issuer says it; the order records `payment-declined`. */
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'authentication_failed';

export interface CardVerificationStep {
  readonly id: string;
  /** A 3-D Secure-like challenge the cardholder completes at `url`. */
  readonly type: '3ds';
  readonly url: string;
}

/** What every charge carries, whatever became of it. */
export interface ChargeFacts {
  readonly chargeId: string;
  readonly amount: Money;
  readonly card: { readonly brand: CardBrand; readonly last4: string };
  readonly createdAt: string;
}

export type Charge =
  | (ChargeFacts & { readonly status: 'succeeded' })
  | (ChargeFacts & { readonly status: 'requires-verification'; readonly verification: CardVerificationStep })
  | (ChargeFacts & {
      readonly status: 'declined';
      readonly declineCode: DeclineCode;
      readonly failureReason: { readonly code: 'payment-declined'; readonly message: string };
    });

export interface RefundRequest {
  readonly chargeId: string;
  /** Defaults to what is left of the charge. */
  readonly amount?: string;
  readonly idempotencyKey: string;
}

export interface CardRefund {
  readonly refundId: string;
  readonly chargeId: string;
  readonly amount: Money;
  readonly status: 'succeeded';
  readonly createdAt: string;
}

/**
 * The card processor. A decline or a verification step is a result (Right); Left is for
 * requests it refuses (`card_token_invalid` for a token unknown or another account's,
 * `card_token_used`, `card_token_expired`, an invalid amount, `idempotency_key_reused`,
 * `charge_not_found`, `charge_not_refundable`, `refund_exceeds_charge`) and for its
 * outages (`unavailable`) or malformed answers (`upstream_invalid`).
 */
export interface CardProcessorPort {
  charge(request: ChargeRequest): Promise<E.Either<DomainError, Charge>>;
  /** The charge as it stands now (after a verification step, succeeded or declined). */
  getCharge(chargeId: string): Promise<E.Either<DomainError, Charge>>;
  refund(request: RefundRequest): Promise<E.Either<DomainError, CardRefund>>;
}
