import { Controller, Headers, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { StripeAuthorizationAnswer, StripeEventBody } from '@paykit/contracts';
import type { FastifyReply } from 'fastify';
import { STRIPE_API_VERSION } from '@paykit/providers';
import { RawBodyOf } from '../http/routes/raw-body.js';
import { Route } from '../http/routes/route.decorator.js';
import { AnswerAuthorizationRequest } from './answer-authorization-request.handler.js';

/** Where Stripe Issuing asks about authorizations (configured with STRIPE_ISSUING_WEBHOOK_SECRET; ADR 0901). */
@Controller()
export class StripeIssuingWebhooksController {
  constructor(private readonly commands: CommandBus) {}

  @Route({
    method: 'POST',
    path: 'webhooks/stripe-issuing',
    root: true,
    public: true,
    rawBody: true,
    tags: ['Agent checkouts'],
    summary: 'Stripe Issuing: real-time authorization requests (signed by Stripe)',
    description:
      'For Stripe, not for API clients: configure this URL as a webhook endpoint in Stripe with the event ' +
      'issuing_authorization.request. The Stripe-Signature header is checked over the exact body with ' +
      'STRIPE_ISSUING_WEBHOOK_SECRET (400 invalid_webhook_signature otherwise). The answer is the decision: ' +
      '{"approved": true} only for an open card within its lifetime, once, in its currency, at the merchant it is ' +
      'locked to, up to its cap. Other issuing events are answered {"received": true}. 404 unless CARD_ISSUER=stripe.',
    body: StripeEventBody,
    responses: { 200: StripeAuthorizationAnswer },
    idempotency: 'route',
  })
  async receive(
    @RawBodyOf() payload: Buffer,
    @Headers('stripe-signature') signature: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StripeAuthorizationAnswer> {
    const answer = await this.commands.execute(new AnswerAuthorizationRequest(payload, signature));
    // Stripe reads a direct answer in the API version it names.
    void reply.header('stripe-version', STRIPE_API_VERSION);
    return answer;
  }
}
