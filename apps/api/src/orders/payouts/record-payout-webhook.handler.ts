import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StripeEventReceipt } from '@paykit/contracts';
import { DomainException, domainError } from '@paykit/kernel';
import type { Payout, StripePayoutWebhooks } from '@paykit/providers';
import { receiveStripeEvent } from '../../http/webhooks/stripe-event-route.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { OfframpPayout } from '../progress/offramp-payout.js';
import { PAYOUT_WEBHOOKS } from '../providers/order-providers.js';
import { referencedOrder } from '../referenced-order.js';

/** `POST /webhooks/stripe-payouts`: the payout rail tells how one of our payouts stands. */
export class RecordPayoutWebhook extends Command<StripeEventReceipt> {
  constructor(
    readonly payload: Buffer,
    readonly signature: string | undefined,
  ) {
    super();
  }
}

/**
 * A signed payout event records the payout on its offramp order as the order worker records what
 * it reads (`OfframpPayout.recordPayoutUpdate`): paid completes the delivery, failed or canceled
 * (the bank returned it) fails it, as a returned payout always has. A repeated event changes
 * nothing; events of payouts that are not the order's, of orders not under way, or not ours are
 * acknowledged and left. An event that overtook our record of the payout, or an outage of our
 * store, answers 503, so Stripe delivers again.
 */
@CommandHandler(RecordPayoutWebhook)
export class RecordPayoutWebhookHandler implements ICommandHandler<RecordPayoutWebhook> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly offramp: OfframpPayout,
    @Inject(PAYOUT_WEBHOOKS) private readonly webhooks: StripePayoutWebhooks | null,
  ) {}

  execute({ payload, signature }: RecordPayoutWebhook): Promise<StripeEventReceipt> {
    return receiveStripeEvent(
      this.webhooks,
      (webhooks) => webhooks.payoutUpdateOf(payload, signature),
      (update) => this.record(update),
    );
  }

  private async record(payout: Payout): Promise<void> {
    const referenced = await referencedOrder(this.aggregates, payout.reference);
    if (referenced?.order.kind !== 'offramp') return;
    const { order, projectId } = referenced;
    const taken = await this.offramp.recordPayoutUpdate(order, payout, {
      projectId,
      actor: { type: 'system', id: 'payout-rail-webhook' },
      correlationId: `order-${order.orderId}`,
    });
    // Not acknowledged, so that Stripe delivers it again once our record of the payout is written.
    if (taken === 'too-early') {
      throw new DomainException(
        domainError('unavailable', 'payout_not_recorded_yet', 'The payout is not recorded on its order yet'),
      );
    }
  }
}
