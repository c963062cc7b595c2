import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import type { StripeIdentityWebhooks } from '@paykit/providers';
import { receiveStripeEvent } from '../../http/webhooks/stripe-event-route.js';
import { IdentityVerificationService } from '../identity-verification.service.js';
import { KYC_WEBHOOKS } from '../kyc.provider.js';

/** `POST /webhooks/stripe-identity`: Stripe Identity tells how one of our identity checks stands. */
export class RecordKycWebhook extends Command<StripeEventReceipt> {
  constructor(
    readonly payload: Buffer,
    readonly signature: string | undefined,
  ) {
    super();
  }
}

/**
 * A signed verification-session event records the session's decision on the user's open check,
 * with the command the polling path records it with, so a repeated event changes nothing and an
 * order waiting in requires-kyc moves on the order worker's next pass without Stripe being asked
 * again. Events of other types, of sessions we did not open, or of checks no longer open are
 * acknowledged and left; an outage of our store answers 5xx, so Stripe delivers again.
 */
@CommandHandler(RecordKycWebhook)
export class RecordKycWebhookHandler implements ICommandHandler<RecordKycWebhook> {
  constructor(
    private readonly verification: IdentityVerificationService,
    @Inject(KYC_WEBHOOKS) private readonly webhooks: StripeIdentityWebhooks | null,
  ) {}

  execute({ payload, signature }: RecordKycWebhook): Promise<StripeEventReceipt> {
    return receiveStripeEvent(
      this.webhooks,
      (webhooks) => webhooks.inquiryUpdateOf(payload, signature),
      (update) => this.verification.recordProviderAnswer(update),
    );
  }
}
