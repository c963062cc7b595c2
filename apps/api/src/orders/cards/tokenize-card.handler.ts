import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CardTokenBody, CardTokenResponse } from '@paykit/contracts';
import { type DomainError, DomainException, fieldError, invalid, notFound } from '@paykit/kernel';
import type { CardVaultPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { cardProcessorSettingsOf } from '../../config/card-processor-config.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CARD_VAULT } from '../providers/order-providers.js';
import { cardTokenOwnerOf } from './card-token-owner.js';

/** `POST /unstable/card-tokens`: card details in, a token to pay one order of the caller's project with out. */
export class TokenizeCard extends Command<CardTokenResponse> {
  constructor(
    readonly principal: Principal,
    readonly card: CardTokenBody,
  ) {
    super();
  }
}

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
 * Where card numbers may not come (production, and any server charging with Stripe): the card is
 * tokenized in the browser by the processor's own library, and the order is paid with its id.
 */
const BROWSER_TOKENIZATION: Readonly<Record<'sandbox' | 'stripe', string>> = {
  stripe:
    'Card numbers are not accepted here: tokenize the card in the browser with Stripe.js (Stripe Elements, ' +
    'stripe.createPaymentMethod) and pay the order with its PaymentMethod id: {"type":"card-token","token":"pm_..."}',
  sandbox:
    'Card numbers are not accepted in production, and the sandbox card processor (CARD_PROCESSOR=sandbox) has no ' +
    'browser tokenization: configure CARD_PROCESSOR=stripe and tokenize the card with Stripe.js',
};

/**
 * ADR 0101's pass-through to the processor's vault. Nothing is stored or logged (bodies are
 * redacted from request logs), validation messages are fixed, and no idempotency fingerprint is
 * kept. The vault keeps the token's owner (ADR 0102): the caller's project and the user it acts
 * for; the token pays one charge of theirs, until it expires. CARD_TOKENIZATION_ROUTE=off answers 404;
 * in production or with Stripe the route refuses every card number (ADR 0900).
 */
@CommandHandler(TokenizeCard)
export class TokenizeCardHandler implements ICommandHandler<TokenizeCard> {
  constructor(
    @Inject(CARD_VAULT) private readonly vault: CardVaultPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ principal, card }: TokenizeCard): Promise<CardTokenResponse> {
    if (this.config.CARD_TOKENIZATION_ROUTE === 'off') throw new DomainException(notFound());
    const { kind } = cardProcessorSettingsOf(this.config);
    if (kind === 'stripe' || this.config.APP_ENV === 'production') {
      throw new DomainException(invalid('card_numbers_not_accepted', BROWSER_TOKENIZATION[kind]));
    }
    const token = await this.vault.tokenizeCard(card, cardTokenOwnerOf(principal));
    if (E.isLeft(token)) throw fromVault(token.left);
    const { token: value, brand, last4, expMonth, expYear, expiresAt } = token.right;
    return { token: value, brand, last4, expMonth, expYear, expiresAt };
  }
}
