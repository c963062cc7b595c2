import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { type StripeEndpoint, verifiedStripeEvent } from '../../stripe/stripe-events.js';
import type { Payout } from '../payout-port.js';
import { REFERENCE_KEY, payoutOf } from './stripe-payout.js';

const PAYOUT_EVENTS = new Set(['payout.updated', 'payout.paid', 'payout.failed', 'payout.canceled']);

/**
 * Stripe's payout webhooks (a Connect endpoint: events of the connected account), verified by
 * the SDK: a `payout.*` event of a payout we made (our metadata on it) is that payout as it now
 * stands; a `failed` one is returned money, which the order's refund path takes over.
 */
export class StripePayoutWebhooks {
  constructor(private readonly endpoint: StripeEndpoint) {}

  payoutUpdateOf(payload: Buffer, signature: string | undefined): E.Either<DomainError, Payout | undefined> {
    const event = verifiedStripeEvent(this.endpoint, payload, signature);
    if (E.isLeft(event)) return event;
    if (!PAYOUT_EVENTS.has(event.right.type)) return E.right(undefined);
    const payout = event.right.data.object as unknown as { metadata?: Record<string, unknown> };
    if (typeof payout.metadata?.[REFERENCE_KEY] !== 'string') return E.right(undefined);
    return payoutOf(payout);
  }
}
