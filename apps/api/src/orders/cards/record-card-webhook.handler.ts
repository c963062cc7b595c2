import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import { DomainException } from '@paykit/kernel';
import type { CardWebhooksPort, ChargeUpdate } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { receiveStripeEvent } from '../../http/webhooks/stripe-event-route.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { PaymentProgress } from '../progress/payment-progress.js';
import { CARD_WEBHOOKS } from '../providers/order-providers.js';
import { referencedOrder } from '../referenced-order.js';

/** `POST /webhooks/stripe`: the processor tells how one of our charges stands. */
export class RecordCardWebhook extends Command<StripeEventReceipt> {
  constructor(
    readonly payload: Buffer,
    readonly signature: string | undefined,
  ) {
    super();
  }
}

/**
 * A signed event deciding a charge records its outcome on the order as the order worker does after
 * reading the charge (`PaymentProgress.recordCardOutcome`: a decline's purchase claim given back,
 * then `RecordCardPaymentResult`, ADR 0101), so a repeated event changes nothing and the worker's
 * poll and the webhook cannot disagree. Events of an attempt that has ended, of another order's
 * attempt, or of an intent we did not make are acknowledged and left.
 */
@CommandHandler(RecordCardWebhook)
export class RecordCardWebhookHandler implements ICommandHandler<RecordCardWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly progress: PaymentProgress,
    @Inject(CARD_WEBHOOKS) private readonly webhooks: CardWebhooksPort | null,
  ) {}

  execute({ payload, signature }: RecordCardWebhook): Promise<StripeEventReceipt> {
    return receiveStripeEvent(
      this.webhooks,
      (webhooks) => webhooks.chargeUpdateOf(payload, signature),
      (update) => this.record(update),
    );
  }

  private async record({ reference, idempotencyKey, charge }: ChargeUpdate): Promise<void> {
    const referenced = await referencedOrder(this.aggregates, reference);
    if (!referenced) return;
    const { order, projectId } = referenced;
    const attempt = order.payment.card;
    // An ended attempt keeps its record (and a success keeps its claim): a late event cannot undo it.
    if (attempt?.paymentId !== idempotencyKey || attempt.state === 'succeeded' || attempt.state === 'declined') return;
    const context = {
      projectId,
      actor: { type: 'system' as const, id: 'card-processor-webhook' },
      correlationId: `order-${reference}`,
    };
    const recorded = await this.progress.recordCardOutcome(order, idempotencyKey, charge, context);
    // Ended meanwhile by the payment's own answer: the same outcome, recorded once.
    if (E.isLeft(recorded) && recorded.left.kind !== 'conflict') throw new DomainException(recorded.left);
  }
}
