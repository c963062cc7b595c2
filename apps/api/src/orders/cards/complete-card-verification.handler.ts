import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CardVerificationBody, CardVerificationResponse } from '@paykit/contracts';
import { DomainException, notFound } from '@paykit/kernel';
import { type CardProcessorPort, SandboxCardProcessor } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CARD_PROCESSOR } from '../providers/order-providers.js';

/**
 * `POST /unstable/card-verifications/{id}` (staging, sandbox processor only): stands in for the cardholder at the
 * issuer's verification page; the order worker records the charge's outcome shortly after.
 */
export class CompleteCardVerification extends Command<CardVerificationResponse> {
  constructor(
    readonly verificationId: string,
    readonly outcome: CardVerificationBody['outcome'],
  ) {
    super();
  }
}

@CommandHandler(CompleteCardVerification)
export class CompleteCardVerificationHandler implements ICommandHandler<CompleteCardVerification> {
  constructor(
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessorPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ verificationId, outcome }: CompleteCardVerification): Promise<CardVerificationResponse> {
    // A real processor's cardholder answers at the issuer's page, never here.
    if (this.config.APP_ENV !== 'staging' || !(this.processor instanceof SandboxCardProcessor)) {
      throw new DomainException(notFound());
    }
    const charge = await this.processor.completeVerification(verificationId, outcome);
    if (E.isLeft(charge)) throw new DomainException(charge.left);
    return { verificationId, status: charge.right.status };
  }
}
