import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CardNetworkAuthorizationBody, CardNetworkAuthorizationResponse } from '@paykit/contracts';
import { DomainException, notFound } from '@paykit/kernel';
import { type CardNetworkPort, SandboxCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../infrastructure/tokens.js';
import { CARD_ISSUER } from './card-issuer.provider.js';

/** `POST /sandbox/card-network/authorizations` (staging only): a shop's processor asks the issuer. */
export class AuthorizeOnCardNetwork extends Command<CardNetworkAuthorizationResponse> {
  constructor(readonly request: CardNetworkAuthorizationBody) {
    super();
  }
}

/**
 * The sandbox card network: the issuer decides on the card as it stands and records the decision
 * (its card's stream is the lock, so two asks at once approve at most one). Nothing of the card's
 * details is kept or logged; production has no sandbox network (404).
 */
@CommandHandler(AuthorizeOnCardNetwork)
export class AuthorizeOnCardNetworkHandler implements ICommandHandler<AuthorizeOnCardNetwork> {
  constructor(
    @Inject(CARD_ISSUER) private readonly network: CardNetworkPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request }: AuthorizeOnCardNetwork): Promise<CardNetworkAuthorizationResponse> {
    // Only the sandbox issuer is a network: a production issuer's network is Visa's.
    if (this.config.APP_ENV !== 'staging' || !(this.network instanceof SandboxCardIssuer)) {
      throw new DomainException(notFound());
    }
    const answer = await this.network.authorize({
      card: request.card,
      amount: { amount: request.amount.value, currency: request.amount.currency },
      merchant: request.merchant,
    });
    if (E.isLeft(answer)) throw new DomainException(answer.left);
    return answer.right;
  }
}
