import { Decimal, type Money } from '@paykit/kernel';

/**
 * The virtual card a payment attempt was given, as the run keeps it: what may be shown of it (its
 * last four digits, brand, printed expiry), its controls (cap, merchant origin, lifetime), and
 * never its number or security code.
 */
export interface RunCardDetails {
  readonly cardId: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  /** The most the issuer approves: the total the attempt declared, in its currency. */
  readonly cap: Money;
  /** The only merchant the issuer lets charge it: the run's start URL's origin. */
  readonly merchantOrigin: string;
  readonly expiresAt: string;
}

/** One authorization the issuer saw on the card, approved or declined, as the issuer reported it. */
export interface RunCardAuthorization {
  readonly authorizationId: string;
  readonly amount: Money;
  readonly merchant: { readonly name: string; readonly url: string };
  readonly approved: boolean;
  readonly declineCode?: string;
  readonly at: string;
}

export interface RunCard extends RunCardDetails {
  readonly attemptId: string;
  readonly issuedAt: string;
  readonly authorizations: readonly RunCardAuthorization[];
  readonly closedAt: string | null;
}

/** What the issuer approved on the card, or null when it approved nothing. */
export const authorizedOn = (card: RunCard | undefined): Money | null => {
  const approved = card?.authorizations.filter((authorization) => authorization.approved) ?? [];
  if (!card || approved.length === 0) return null;
  const total = approved.reduce((sum, authorization) => sum.add(authorization.amount.amount), new Decimal(0));
  // Written as finely as the amounts were (49.90 stays 49.90).
  const written = Math.max(...approved.map((authorization) => authorization.amount.amount.split('.')[1]?.length ?? 0));
  return { amount: total.toFixed(written), currency: card.cap.currency };
};
