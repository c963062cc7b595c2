import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { type StripeEndpoint, verifiedStripeEvent } from '../../stripe/stripe-events.js';
import type { CardWebhooksPort, ChargeUpdate } from '../card-webhooks-port.js';
import { chargeOf, metadataOf } from './payment-intent-charge.js';

export type StripeWebhooksOptions = StripeEndpoint;

/** The events that decide a charge; the others (`created`, `requires_action`, ...) change nothing of ours. */
const DECIDING = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled']);

/**
 * Stripe's webhooks, verified by the SDK's own `constructEvent` over the exact bytes received
 * (signature and timestamp with the endpoint secret). A deciding `payment_intent.*` event of an
 * intent we made (our metadata on it) is that charge's outcome.
 */
export class StripeWebhooks implements CardWebhooksPort {
  constructor(private readonly options: StripeWebhooksOptions) {}

  chargeUpdateOf(payload: Buffer, signature: string | undefined): E.Either<DomainError, ChargeUpdate | undefined> {
    const verified = verifiedStripeEvent(this.options, payload, signature);
    if (E.isLeft(verified)) return verified;
    const event = verified.right;
    if (!DECIDING.has(event.type)) return E.right(undefined);
    const intent: unknown = event.data.object;
    const { reference, idempotencyKey } = metadataOf(intent);
    if (reference === undefined || idempotencyKey === undefined) return E.right(undefined);
    return E.map((charge: ChargeUpdate['charge']) => ({ reference, idempotencyKey, charge }))(chargeOf(intent));
  }
}
