import { StripeEventBody, StripeEventReceipt } from '@paykit/contracts';
import { DomainException, type DomainError, notFound } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { RouteContract } from '../routes/route-contract.js';

/**
 * The contract every route Stripe posts its signed events to shares: outside the API's version
 * prefix, no API key (the Stripe-Signature header over the exact body is the proof), a repeat
 * answered as the first time.
 */
export const stripeEventRoute = (
  route: Pick<RouteContract, 'path' | 'tags' | 'summary' | 'description'>,
): RouteContract => ({
  ...route,
  method: 'POST',
  root: true,
  public: true,
  rawBody: true,
  body: StripeEventBody,
  responses: { 200: StripeEventReceipt },
  idempotency: 'route',
});

const RECEIVED: StripeEventReceipt = { received: true };

/**
 * Receives one signed Stripe event: 404 when the party is not on Stripe (no verifier), the
 * verifier's refusal (a bad signature, a body that is no event) as its error, what the event
 * tells recorded when it concerns us; acknowledged otherwise.
 */
export const receiveStripeEvent = async <Verifier, Update>(
  verifier: Verifier | null,
  verified: (verifier: Verifier) => E.Either<DomainError, Update | null | undefined>,
  record: (update: Update) => Promise<unknown>,
): Promise<StripeEventReceipt> => {
  if (!verifier) throw new DomainException(notFound());
  const update = verified(verifier);
  if (E.isLeft(update)) throw new DomainException(update.left);
  if (update.right) await record(update.right);
  return RECEIVED;
};
