import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError, Money } from '@paykit/kernel';

/**
 * Why the issuer declined an authorization (the card network's answer to the shop's processor).
 * Stripe Issuing reports these as `request_history[].reason` (`spending_controls`,
 * `card_inactive`, `verification_failed`, `webhook_declined`); docs/adr/0226 maps each one.
 */
export const CARD_DECLINE_CODES = [
  'over_cap',
  'merchant_mismatch',
  'card_closed',
  'already_authorized',
  'card_expired',
  'incorrect_cvc',
  'currency_mismatch',
  'unknown_card',
] as const;
export type CardDeclineCode = (typeof CARD_DECLINE_CODES)[number];

/** Who the card is issued to (Stripe: an `issuing.cardholder`, `type: individual`). */
export interface Cardholder {
  readonly name: string;
}

/**
 * What the card may be used for. Stripe: `spending_controls.spending_limits` =
 * [{ amount: cap, interval: 'per_authorization' }, { amount: cap, interval: 'all_time' }];
 * the rest (one authorization, the merchant's origin, the lifetime) is the real-time decision's
 * (`issuing_authorization.request`), which `decideAuthorization` is.
 */
export interface SpendingControls {
  /** The most one authorization, and all of them together, may take: the total the run declared. */
  readonly cap: Money;
  /** How many authorizations may be approved: one. */
  readonly maxApprovals: number;
  /** The only merchant the card pays: an http(s) origin (`merchantOriginOf`). */
  readonly merchantOrigin: string;
  /** After this the card declines everything (`card_expired`) and is closed. */
  readonly expiresAt: string;
}

export interface IssueCardRequest {
  /** A repeat with the same key answers the same card, never a second one (after a crash too). */
  readonly idempotencyKey: string;
  readonly cardholder: Cardholder;
  readonly controls: SpendingControls;
  /** Stripe's card `metadata`: what the card is for (project, run, attempt), for accounting. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** Stripe's card `status`: `active` until cancelled (`canceled`, which is final). */
export type IssuedCardStatus = 'active' | 'closed';

/** What may be known and shown of a card: never its number or security code. */
export interface IssuedCard {
  readonly cardId: string;
  readonly brand: 'visa' | 'mastercard';
  readonly last4: string;
  /** The expiry printed on the card (years ahead, as issuers print it); the lifetime is `controls.expiresAt`. */
  readonly expMonth: number;
  readonly expYear: number;
  readonly cardholderName: string;
  readonly controls: SpendingControls;
  readonly metadata: Readonly<Record<string, string>>;
  readonly status: IssuedCardStatus;
  readonly createdAt: string;
  readonly closedAt?: string;
}

/** The card's details, for typing into a shop's card form (Stripe: retrieve with `expand: [number, cvc]`). */
export interface RevealedCard {
  readonly number: string;
  readonly cvc: string;
  readonly expMonth: number;
  readonly expYear: number;
}

export interface CardMerchant {
  readonly name: string;
  readonly url: string;
}

/** One authorization the issuer decided (Stripe: an `issuing.authorization`), approved or declined. */
export interface CardAuthorization {
  readonly authorizationId: string;
  readonly cardId: string;
  readonly amount: Money;
  readonly merchant: CardMerchant;
  readonly approved: boolean;
  readonly declineCode?: CardDeclineCode;
  readonly createdAt: string;
}

/**
 * The card issuer (docs/adr/0226): virtual cards with spending controls, their details while
 * they are open, their authorizations, and closing. Left is for refusals (`invalid`,
 * `card_not_found`, `card_closed` on reveal) and the issuer's outages (`unavailable`,
 * `upstream_invalid`); a declined authorization is a result.
 */
export interface CardIssuerPort {
  issueCard(request: IssueCardRequest): Promise<E.Either<DomainError, IssuedCard>>;
  getCard(cardId: string): Promise<E.Either<DomainError, IssuedCard>>;
  /** Only while the card is open: a closed or lapsed card has no details to give. */
  revealCard(cardId: string): Promise<E.Either<DomainError, RevealedCard>>;
  /** Final and idempotent: closing a closed card answers it as it is. */
  closeCard(cardId: string): Promise<E.Either<DomainError, IssuedCard>>;
  listAuthorizations(cardId: string): Promise<E.Either<DomainError, readonly CardAuthorization[]>>;
}

/** An authorization with what its card is for (the card's metadata), as the issuer's feed lists it. */
export interface FedAuthorization {
  readonly authorization: CardAuthorization;
  readonly metadata: Readonly<Record<string, string>>;
}

export interface CardAuthorizationPage {
  readonly authorizations: readonly FedAuthorization[];
  /** Where the next page starts; pass it back as `after`. */
  readonly next: string | null;
  /** False once the feed has nothing after `next` (for now). */
  readonly more: boolean;
}

/**
 * Every authorization the issuer decided, oldest first (Stripe: `GET /v1/issuing/authorizations`
 * paged with `starting_after`), for accounting: what was spent on each card, and what no run knows.
 */
export interface CardAuthorizationFeed {
  authorizationsAfter(after: string | null, limit: number): Promise<E.Either<DomainError, CardAuthorizationPage>>;
}
