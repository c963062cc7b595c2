import { Controller, Headers } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import { RawBodyOf } from '../../http/routes/raw-body.js';
import { stripeEventRoute } from '../../http/webhooks/stripe-event-route.js';
import { Route } from '../../http/routes/route.decorator.js';
import { RecordPayoutWebhook } from './record-payout-webhook.handler.js';

/** Where Stripe posts the payout account's events (a Connect endpoint, STRIPE_PAYOUT_WEBHOOK_SECRET; ADR 0914). */
@Controller()
export class StripePayoutWebhooksController {
  constructor(private readonly commands: CommandBus) {}

  @Route(
    stripeEventRoute({
      path: 'webhooks/stripe-payouts',
      tags: ['Orders'],
      summary: 'Stripe: payout events of the connected account (signed by Stripe)',
      description:
        'For Stripe, not for API clients: configure this URL as a Connect webhook endpoint in Stripe (events of ' +
        'connected accounts) with the events payout.paid, payout.failed, payout.canceled and payout.updated. The ' +
        'Stripe-Signature header is checked over the exact body with STRIPE_PAYOUT_WEBHOOK_SECRET (400 ' +
        'invalid_webhook_signature otherwise); the event records the payout on its offramp order: paid completes ' +
        'it, a returned payout fails its delivery. 404 unless PAYOUT_RAIL=stripe.',
    }),
  )
  receive(
    @RawBodyOf() payload: Buffer,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeEventReceipt> {
    return this.commands.execute(new RecordPayoutWebhook(payload, signature));
  }
}
