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

/** What we keep instead of the card: an opaque token and what may be shown to the cardholder. */
export interface CardToken {
  readonly token: string;
  readonly brand: CardBrand;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/**
 * The processor's vault. Errors: invalid (`invalid_card_number`, `invalid_expiry`,
 * `card_expired`, `invalid_cvc`) with messages that never repeat the number,
 * `unavailable` / `upstream_invalid` for the vault's outage or malformed answer.
 */
export interface CardVaultPort {
  tokenizeCard(details: CardDetails): Promise<E.Either<DomainError, CardToken>>;
}
