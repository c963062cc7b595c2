import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { CardBrand } from './card-number.js';

/**
 * What a cardholder types into the payment form. It goes to the vault and nowhere else:
 * never into an event, a log line, an error message or our database.
 */
export interface CardDetails {
  readonly number: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly cvc: string;
}

/**
 * Whom a token is made for, like a processor's account (a connected account) and customer: a
 * charge for another account, or acting for another customer, finds no such token.
 */
export interface CardTokenOwner {
  /** Our project: the only account whose charges may use the token. */
  readonly account: string;
  /** The end user the tokenizing request acted for, when it acted for one. */
  readonly customer?: string;
}

/**
 * What we keep instead of the card: an opaque token and what may be shown to the cardholder.
 * A token pays one charge, until `expiresAt`; a card kept for later charges is a user's saved
 * payment method, not a token.
 */
export interface CardToken {
  readonly token: string;
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  /** ISO time after which the token charges nothing (`card_token_expired`). */
  readonly expiresAt: string;
}

/**
 * The processor's vault. Errors: invalid (`invalid_card_number`, `invalid_expiry`,
 * `card_expired`, `invalid_cvc`) with messages that never repeat the number,
 * `unavailable` / `upstream_invalid` for the vault's outage or malformed answer.
 */
export interface CardVaultPort {
  tokenizeCard(details: CardDetails, owner?: CardTokenOwner): Promise<E.Either<DomainError, CardToken>>;
}
