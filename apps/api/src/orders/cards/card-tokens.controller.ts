import { Body, Controller, Inject, Param } from '@nestjs/common';
import {
  CardTokenBody,
  CardTokenResponse,
  CardVerificationBody,
  CardVerificationParams,
  CardVerificationResponse,
} from '@paykit/contracts';
import { fieldError } from '@paykit/identity';
import { type DomainError, DomainException, notFound } from '@paykit/kernel';
import type { CardVaultPort, SandboxCardProcessor } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { Scopes } from '../../auth/scopes.js';
import type { AppConfig } from '../../config/config.js';
import { Route } from '../../http/routes/route.decorator.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CARD_PROCESSOR, CARD_VAULT } from '../providers/order-providers.js';

/** The vault's refusals, named after the field (their messages never repeat the number). */
const VAULT_FIELDS: Readonly<Record<string, string>> = {
  invalid_card_number: 'number',
  invalid_expiry: 'expMonth',
  card_expired: 'expYear',
  invalid_cvc: 'cvc',
};

const fromVault = (error: DomainError): DomainException => {
  const field = error.kind === 'invalid' ? VAULT_FIELDS[error.code] : undefined;
  return new DomainException(field === undefined ? error : fieldError(field, error.message, error.code));
};

/**
 * ADR 0101's pass-through to the processor's vault: card details in, a token out. Nothing is
 * stored or logged (bodies are redacted from request logs), validation messages are fixed, and
 * no idempotency fingerprint is kept. CARD_TOKENIZATION_ROUTE=off answers 404.
 */
@Controller()
export class CardTokensController {
  constructor(
    @Inject(CARD_VAULT) private readonly vault: CardVaultPort,
    @Inject(CARD_PROCESSOR) private readonly processor: SandboxCardProcessor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Route({
    method: 'POST',
    path: 'unstable/card-tokens',
    tags: ['Orders'],
    summary: 'Tokenize a card (pass-through to the card vault)',
    description:
      'For clients without the processor’s hosted fields. Answers a token to pay an order with ' +
      '(POST .../orders/{orderId}/payment {type: card-token, token}). The card number is never stored or logged.',
    scope: Scopes.ordersCreate,
    body: CardTokenBody,
    responses: { 201: CardTokenResponse },
    idempotency: 'route',
  })
  async tokenize(@Body() body: CardTokenBody): Promise<CardTokenResponse> {
    if (this.config.CARD_TOKENIZATION_ROUTE === 'off') throw new DomainException(notFound());
    const token = await this.vault.tokenizeCard(body);
    if (E.isLeft(token)) throw fromVault(token.left);
    const { token: value, brand, last4, expMonth, expYear } = token.right;
    return { token: value, brand, last4, expMonth, expYear };
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
  async verify(@Param() params: { verificationId: string }, @Body() body: CardVerificationBody): Promise<CardVerificationResponse> {
    if (this.config.APP_ENV !== 'staging') throw new DomainException(notFound());
    const charge = await this.processor.completeVerification(params.verificationId, body.outcome);
    if (E.isLeft(charge)) throw new DomainException(charge.left);
    return { verificationId: params.verificationId, status: charge.right.status };
  }
}
