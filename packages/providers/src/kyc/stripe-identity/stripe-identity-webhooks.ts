import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { type StripeEndpoint, verifiedStripeEvent } from '../../stripe/stripe-events.js';
import type { KycInquiry } from '../kyc-port.js';
import { USER_KEY, inquiryOf } from './verification-session.js';

export interface StripeIdentityWebhooksOptions extends StripeEndpoint {
  readonly publishableKey: string;
}

const SESSION_EVENTS = new Set([
  'identity.verification_session.processing',
  'identity.verification_session.requires_input',
  'identity.verification_session.verified',
  'identity.verification_session.canceled',
]);

/**
 * Stripe Identity's webhooks, verified by the SDK: an `identity.verification_session.*` event of
 * a session we opened (our metadata on it) is that inquiry as it now stands. Other events, and
 * sessions not ours, answer undefined (acknowledged, nothing to do).
 */
export class StripeIdentityWebhooks {
  constructor(private readonly options: StripeIdentityWebhooksOptions) {}

  inquiryUpdateOf(payload: Buffer, signature: string | undefined): E.Either<DomainError, KycInquiry | undefined> {
    const event = verifiedStripeEvent(this.options, payload, signature);
    if (E.isLeft(event)) return event;
    if (!SESSION_EVENTS.has(event.right.type)) return E.right(undefined);
    const session = event.right.data.object as unknown as { metadata?: Record<string, unknown> };
    if (typeof session.metadata?.[USER_KEY] !== 'string') return E.right(undefined);
    return inquiryOf(session, this.options.publishableKey);
  }
}
