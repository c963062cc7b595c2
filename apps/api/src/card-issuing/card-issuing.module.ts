import { Module } from '@nestjs/common';
import { AuthorizeOnCardNetworkHandler } from './authorize-on-card-network.handler.js';
import { CARD_ISSUER, cardIssuerProvider } from './card-issuer.provider.js';
import { CardNetworkController } from './card-network.controller.js';

/**
 * Virtual cards for agent checkouts (docs/adr/0226): the card issuer the runners pay with and the
 * reconciliation reads, and, in staging, the sandbox card network test shops' processors ask.
 */
@Module({
  controllers: [CardNetworkController],
  providers: [cardIssuerProvider, AuthorizeOnCardNetworkHandler],
  exports: [CARD_ISSUER],
})
export class CardIssuingModule {}
