import { Module } from '@nestjs/common';
import { identityCursorsProvider, identitySecretsProvider } from '../users/secrets/identity-secrets.js';
import { ListTokensHandler } from './list/list-tokens.handler.js';
import { PRICING, pricingProvider } from './pricing.provider.js';
import { TokenCatalogue } from './token-catalogue.js';
import { TokensController } from './tokens.controller.js';

/** The supported-tokens catalogue; exports the pricing port and the catalogue (orders price quotes with them). */
@Module({
  controllers: [TokensController],
  providers: [pricingProvider, TokenCatalogue, identitySecretsProvider, identityCursorsProvider, ListTokensHandler],
  exports: [PRICING, TokenCatalogue],
})
export class TokensModule {}
