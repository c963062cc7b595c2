import { Controller, Headers } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import { RawBodyOf } from '../../http/routes/raw-body.js';
import { stripeEventRoute } from '../../http/webhooks/stripe-event-route.js';
import { Route } from '../../http/routes/route.decorator.js';
import { RecordCardWebhook } from './record-card-webhook.handler.js';

/** Where Stripe posts its events (configured in Stripe's dashboard with STRIPE_WEBHOOK_SECRET; ADR 0900). */
@Controller()
export class StripeWebhooksController {
  constructor(private readonly commands: CommandBus) {}

  @Route(
    stripeEventRoute({
      path: 'webhooks/stripe',
      tags: ['Orders'],
      summary: 'Stripe: payment_intent events (signed by Stripe)',
      description:
        'For Stripe, not for API clients: configure this URL as a webhook endpoint in Stripe with the events ' +
        'payment_intent.succeeded and payment_intent.payment_failed. The Stripe-Signature header is checked over the ' +
        'exact body with STRIPE_WEBHOOK_SECRET (400 invalid_webhook_signature otherwise); the event records the card ' +
        'payment’s outcome on its order. 404 unless CARD_PROCESSOR=stripe.',
    }),
  )
  receive(
    @RawBodyOf() payload: Buffer,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeEventReceipt> {
    return this.commands.execute(new RecordCardWebhook(payload, signature));
  }
}
