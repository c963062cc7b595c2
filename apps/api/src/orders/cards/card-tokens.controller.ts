import { Body, Controller, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  CardTokenBody,
  CardTokenResponse,
  CardVerificationBody,
  CardVerificationParams,
  CardVerificationResponse,
} from '@paykit/contracts';
import { Scopes } from '../../auth/scopes.js';
import { type Caller, CallerOf } from '../../http/caller.js';
import { Route } from '../../http/routes/route.decorator.js';
import { CompleteCardVerification } from './complete-card-verification.handler.js';
import { TokenizeCard } from './tokenize-card.handler.js';

/** Card tokenization (ADR 0101) and the sandbox's card verification step, as commands. */
@Controller()
export class CardTokensController {
  constructor(private readonly commands: CommandBus) {}

  @Route({
    method: 'POST',
    path: 'unstable/card-tokens',
    tags: ['Orders'],
    summary: 'Tokenize a card (pass-through to the card vault)',
    description:
      'The sandbox processor only, outside production: answers a token to pay an order with ' +
      '(POST .../orders/{orderId}/payment {type: card-token, token}). The card number is never stored or logged. ' +
      'A token is single-use and short-lived, like a processor’s: it pays one order of the project whose key made ' +
      'it (and of the user the request acted for, if any), until expiresAt (15 minutes); retrying that same payment ' +
      'reaches the same charge, another payment with it is refused (card_token_used, card_token_expired). To charge ' +
      'a card again later, tokenize it again: a card kept for reuse is a user’s saved payment method, not a token. ' +
      'In production, and with CARD_PROCESSOR=stripe, 400 card_numbers_not_accepted: the browser tokenizes the ' +
      'card with Stripe.js and pays with its PaymentMethod id (see Paying by card).',
    scope: Scopes.ordersCreate,
    body: CardTokenBody,
    responses: { 201: CardTokenResponse },
    idempotency: 'route',
  })
  tokenize(@CallerOf() caller: Caller, @Body() body: CardTokenBody): Promise<CardTokenResponse> {
    return this.commands.execute(new TokenizeCard(caller.principal, body));
  }

  @Route({
    method: 'POST',
    path: 'unstable/card-verifications/:verificationId',
    tags: ['Orders'],
    summary: 'Sandbox: complete a card verification step',
    description:
      'Staging only. Stands in for the cardholder at the issuer’s verification page (the url in ' +
      'payment.preparation.cardVerification); the order records the charge’s outcome shortly after.',
    public: true,
    params: CardVerificationParams,
    body: CardVerificationBody,
    responses: { 200: CardVerificationResponse },
    idempotency: 'route',
  })
  verify(
    @Param() params: { verificationId: string },
    @Body() body: CardVerificationBody,
  ): Promise<CardVerificationResponse> {
    return this.commands.execute(new CompleteCardVerification(params.verificationId, body.outcome));
  }
}
