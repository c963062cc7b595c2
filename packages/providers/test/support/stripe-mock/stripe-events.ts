import { randomBytes } from 'node:crypto';
import { stripeObject } from './schema-objects.js';
import type { StripeDocument } from './stripe-document.js';

type Values = Record<string, unknown>;

/** What made a request: Stripe names both in the events the request causes. */
export interface RequestContext {
  readonly stripeVersion: string | undefined;
  readonly idempotencyKey: string | undefined;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const stripeId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The events the account would have sent, oldest first, each an `event` of Stripe's schema. */
export class StripeEvents {
  readonly sent: Values[] = [];

  constructor(private readonly document: StripeDocument) {}

  emit(type: string, object: Values, context: RequestContext): Values {
    const event = stripeObject(this.document, 'event', {
      id: stripeId('evt'),
      object: 'event',
      api_version: context.stripeVersion ?? null,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: stripeId('req'), idempotency_key: context.idempotencyKey ?? null },
      type,
    });
    this.sent.push(event);
    return event;
  }
}
