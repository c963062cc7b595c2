import { Module } from '@nestjs/common';
import { AuthorizeOnCardNetworkHandler } from './authorize-on-card-network.handler.js';
import { AnswerAuthorizationRequestHandler } from './answer-authorization-request.handler.js';
import { CARD_ISSUER, cardIssuerProviders } from './card-issuer.provider.js';
import { CardNetworkController } from './card-network.controller.js';
import { StripeIssuingWebhooksController } from './stripe-issuing-webhooks.controller.js';

/**
 * Virtual cards for agent checkouts (docs/adr/0226): the card issuer the runners pay with and the
 * reconciliation reads, Stripe Issuing's real-time decision, and, in staging, the sandbox card
 * network test shops' processors ask.
 */
@Module({
  controllers: [CardNetworkController, StripeIssuingWebhooksController],
  providers: [...cardIssuerProviders, AuthorizeOnCardNetworkHandler, AnswerAuthorizationRequestHandler],
  exports: [CARD_ISSUER],
})
export class CardIssuingModule {}
