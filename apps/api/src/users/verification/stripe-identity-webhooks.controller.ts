import { Controller, Headers } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import { RawBodyOf } from '../../http/routes/raw-body.js';
import { stripeEventRoute } from '../../http/webhooks/stripe-event-route.js';
import { Route } from '../../http/routes/route.decorator.js';
import { RecordKycWebhook } from './record-kyc-webhook.handler.js';

/** Where Stripe Identity posts its events (configured in Stripe's dashboard with STRIPE_IDENTITY_WEBHOOK_SECRET; ADR 0913). */
@Controller()
export class StripeIdentityWebhooksController {
  constructor(private readonly commands: CommandBus) {}

  @Route(
    stripeEventRoute({
      path: 'webhooks/stripe-identity',
      tags: ['Users'],
      summary: 'Stripe Identity: verification session events (signed by Stripe)',
      description:
        'For Stripe, not for API clients: configure this URL as a webhook endpoint in Stripe with the events ' +
        'identity.verification_session.verified, .requires_input, .processing and .canceled. The Stripe-Signature ' +
        'header is checked over the exact body with STRIPE_IDENTITY_WEBHOOK_SECRET (400 invalid_webhook_signature ' +
        'otherwise); the event records the decision on the user’s open identity check, which moves their orders ' +
        'waiting in requires-kyc. 404 unless KYC_PROVIDER=stripe-identity.',
    }),
  )
  receive(
    @RawBodyOf() payload: Buffer,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<StripeEventReceipt> {
    return this.commands.execute(new RecordKycWebhook(payload, signature));
  }
}
