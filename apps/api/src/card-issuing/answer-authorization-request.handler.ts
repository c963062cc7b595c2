import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StripeAuthorizationAnswer } from '@paykit/contracts';
import { DomainException, notFound } from '@paykit/kernel';
import type { StripeAuthorizationRequests } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CARD_AUTHORIZATION_REQUESTS } from './card-issuer.provider.js';

/** `POST /webhooks/stripe-issuing`: Stripe asks whether one of our cards may pay. */
export class AnswerAuthorizationRequest extends Command<StripeAuthorizationAnswer> {
  constructor(
    readonly payload: Buffer,
    readonly signature: string | undefined,
  ) {
    super();
  }
}

/**
 * The issuer's real-time decision (docs/adr/0901), answered in the webhook's response: the card's
 * controls, one approval, recorded before the answer. 404 unless the issuer is Stripe.
 */
@CommandHandler(AnswerAuthorizationRequest)
export class AnswerAuthorizationRequestHandler implements ICommandHandler<AnswerAuthorizationRequest> {
  constructor(@Inject(CARD_AUTHORIZATION_REQUESTS) private readonly requests: StripeAuthorizationRequests | null) {}

  async execute({ payload, signature }: AnswerAuthorizationRequest): Promise<StripeAuthorizationAnswer> {
    if (!this.requests) throw new DomainException(notFound());
    const answer = await this.requests.answer(payload, signature);
    if (E.isLeft(answer)) throw new DomainException(answer.left);
    return answer.right ?? { received: true };
  }
}
