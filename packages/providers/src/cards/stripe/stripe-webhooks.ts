import * as E from 'fp-ts/lib/Either.js';
import Stripe from 'stripe';
import { invalid, type Clock, type DomainError } from '@paykit/kernel';
import type { CardWebhooksPort, ChargeUpdate } from '../card-webhooks-port.js';
import { chargeOf, metadataOf } from './payment-intent-charge.js';

export interface StripeWebhooksOptions {
  /** The endpoint's signing secret (`whsec_...`), from Stripe's dashboard or `stripe listen`. */
  readonly endpointSecret: string;
  /** Signatures older than Stripe's tolerance (5 minutes) on this clock are refused as replays. */
  readonly clock: Clock;
}

/** The events that decide a charge; the others (`created`, `requires_action`, ...) change nothing of ours. */
const DECIDING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

const badSignature = (): DomainError =>
  invalid('invalid_webhook_signature', 'The Stripe-Signature header does not sign this body with our endpoint secret');

/**
 * Stripe's webhooks, verified by the SDK's own `constructEvent` over the exact bytes received
 * (signature and timestamp with the endpoint secret). A deciding `payment_intent.*` event of an
 * intent we made (our metadata on it) is that charge's outcome.
 */
export class StripeWebhooks implements CardWebhooksPort {
  constructor(private readonly options: StripeWebhooksOptions) {}

  chargeUpdateOf(payload: Buffer, signature: string | undefined): E.Either<DomainError, ChargeUpdate | undefined> {
    if (signature === undefined || signature === '') return E.left(badSignature());
    let event: Stripe.Event;
    try {
      // The SDK takes the time of receipt in milliseconds.
      const receivedAt = this.options.clock.now().getTime();
      event = Stripe.webhooks.constructEvent(
        payload,
        signature,
        this.options.endpointSecret,
        undefined,
        undefined,
        receivedAt,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return E.left(badSignature());
      return E.left(invalid('invalid_webhook_payload', 'The webhook body is not a Stripe event'));
    }
    if (!DECIDING.has(event.type)) return E.right(undefined);
    const intent: unknown = event.data.object;
    const { reference, idempotencyKey } = metadataOf(intent);
    if (reference === undefined || idempotencyKey === undefined) return E.right(undefined);
    return E.map((charge: ChargeUpdate['charge']) => ({ reference, idempotencyKey, charge }))(chargeOf(intent));
  }
}
