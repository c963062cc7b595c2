import * as E from 'fp-ts/lib/Either.js';
import Stripe from 'stripe';
import { invalid, type Clock, type DomainError } from '@paykit/kernel';

export interface StripeEndpoint {
  /** The endpoint's signing secret (`whsec_...`), from Stripe's dashboard or `stripe listen`. */
  readonly endpointSecret: string;
  /** Signatures older than Stripe's tolerance (5 minutes) on this clock are refused as replays. */
  readonly clock: Clock;
}

const badSignature = (): DomainError =>
  invalid('invalid_webhook_signature', 'The Stripe-Signature header does not sign this body with our endpoint secret');

/**
 * A Stripe webhook verified by the SDK's own `constructEvent` over the exact bytes received
 * (signature and timestamp with the endpoint secret).
 */
export const verifiedStripeEvent = (
  endpoint: StripeEndpoint,
  payload: Buffer,
  signature: string | undefined,
): E.Either<DomainError, Stripe.Event> => {
  if (signature === undefined || signature === '') return E.left(badSignature());
  try {
    // The SDK takes the time of receipt in milliseconds.
    const receivedAt = endpoint.clock.now().getTime();
    return E.right(
      Stripe.webhooks.constructEvent(payload, signature, endpoint.endpointSecret, undefined, undefined, receivedAt),
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return E.left(badSignature());
    return E.left(invalid('invalid_webhook_payload', 'The webhook body is not a Stripe event'));
  }
};
