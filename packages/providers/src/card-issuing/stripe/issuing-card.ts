import * as E from 'fp-ts/lib/Either.js';
import { Decimal, type DomainError } from '@paykit/kernel';
import { providerInvalidResponse } from '../../faults/provider-errors.js';
import { fromMinorUnits, toMinorUnits } from '../../cards/stripe/minor-units.js';
import type { IssueCardRequest, IssuedCard, SpendingControls } from '../card-issuing-port.js';
import { field, integer, isJson, text, texts } from '../../cards/stripe/stripe-json.js';

/**
 * The controls Stripe has no field for (the merchant, the lifetime, the approvals) ride in the
 * card's metadata next to the caller's, so the card alone says what the real-time decision
 * allows (docs/adr/0901).
 */
export const CONTROL_METADATA = {
  merchantOrigin: 'paykit_merchant_origin',
  expiresAt: 'paykit_expires_at',
  maxApprovals: 'paykit_max_approvals',
} as const;
const CONTROL_KEYS = new Set<string>(Object.values(CONTROL_METADATA));

const invalidCard = (what: string): E.Either<DomainError, never> =>
  E.left(providerInvalidResponse('issuing', `The card issuer answered a card ${what}`));

/** The cap in the card currency's smallest unit, or undefined when it is finer than cents. */
export const capInMinorUnits = (controls: SpendingControls): number | undefined => {
  const minor = toMinorUnits(new Decimal(controls.cap.amount));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
};

/**
 * `POST /v1/issuing/cards`: a virtual card in the cap's currency, active at once, that Stripe
 * itself holds to the cap per authorization and over its life; the rest is in the metadata.
 */
export const cardCreateParams = (request: IssueCardRequest, cardholder: string, cap: number) => ({
  cardholder,
  type: 'virtual' as const,
  currency: request.controls.cap.currency.toLowerCase(),
  status: 'active' as const,
  spending_controls: {
    spending_limits: [
      { amount: cap, interval: 'per_authorization' as const },
      { amount: cap, interval: 'all_time' as const },
    ],
  },
  metadata: {
    ...request.metadata,
    [CONTROL_METADATA.merchantOrigin]: request.controls.merchantOrigin,
    [CONTROL_METADATA.expiresAt]: request.controls.expiresAt,
    [CONTROL_METADATA.maxApprovals]: String(request.controls.maxApprovals),
  },
});

const allTimeLimitOf = (card: unknown): number | undefined => {
  const limits = field(field(card, 'spending_controls'), 'spending_limits');
  if (!Array.isArray(limits)) return undefined;
  return limits.filter((limit) => text(limit, 'interval') === 'all_time').map((limit) => integer(limit, 'amount'))[0];
};

const cardholderNameOf = (card: unknown): string => {
  const cardholder = field(card, 'cardholder');
  return text(cardholder, 'name') ?? '';
};

/** The card's metadata as the run gave it: ours (the controls) taken out. */
export const runMetadataOf = (card: unknown): Readonly<Record<string, string>> =>
  Object.fromEntries(Object.entries(texts(field(card, 'metadata'))).filter(([key]) => !CONTROL_KEYS.has(key)));

/** Stripe's `issuing.card` as ours; one we did not issue (no controls in its metadata) is `upstream_invalid`. */
export const issuedCardOf = (card: unknown): E.Either<DomainError, IssuedCard> => {
  if (!isJson(card)) return invalidCard('that is not an object');
  const id = text(card, 'id');
  const currency = text(card, 'currency');
  const last4 = text(card, 'last4');
  const expMonth = integer(card, 'exp_month');
  const expYear = integer(card, 'exp_year');
  const created = integer(card, 'created');
  const status = text(card, 'status');
  if (!id || !currency || last4 === undefined || !expMonth || !expYear || created === undefined || !status) {
    return invalidCard('without id, currency, last4, expiry, created or status');
  }
  const metadata = texts(card['metadata']);
  const cap = allTimeLimitOf(card);
  const merchantOrigin = metadata[CONTROL_METADATA.merchantOrigin];
  const expiresAt = metadata[CONTROL_METADATA.expiresAt];
  const maxApprovals = Number(metadata[CONTROL_METADATA.maxApprovals]);
  if (cap === undefined || !merchantOrigin || !expiresAt || !Number.isInteger(maxApprovals)) {
    return invalidCard('without the spending controls it was issued with');
  }
  const brand = text(card, 'brand')?.toLowerCase();
  return E.right({
    cardId: id,
    brand: brand === 'mastercard' ? 'mastercard' : 'visa',
    last4,
    expMonth,
    expYear,
    cardholderName: cardholderNameOf(card),
    controls: {
      cap: fromMinorUnits(cap, currency.toUpperCase()),
      maxApprovals,
      merchantOrigin,
      expiresAt,
    },
    metadata: runMetadataOf(card),
    // Stripe's `inactive` (paused) and `canceled` both refuse every authorization.
    status: status === 'active' ? 'active' : 'closed',
    createdAt: new Date(created * 1000).toISOString(),
  });
};
