import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError, Money } from '@paykit/kernel';
import type { CardDeclineCode, CardMerchant } from './card-issuing-port.js';

/**
 * What a shop's payment processor sends the card network for a card it was given: the details as
 * typed, the amount and who is asking (docs/adr/0226; the API serves it in staging as
 * `POST /sandbox/card-network/authorizations`).
 */
export interface NetworkAuthorizationRequest {
  readonly card: { readonly number: string; readonly expMonth: number; readonly expYear: number; readonly cvc: string };
  readonly amount: Money;
  readonly merchant: CardMerchant;
}

export interface NetworkAuthorizationAnswer {
  readonly authorizationId: string;
  readonly approved: boolean;
  readonly declineCode?: CardDeclineCode;
}

/** The network in front of an issuer: in production Visa or Mastercard, here the sandbox issuer itself. */
export interface CardNetworkPort {
  authorize(request: NetworkAuthorizationRequest): Promise<E.Either<DomainError, NetworkAuthorizationAnswer>>;
}
