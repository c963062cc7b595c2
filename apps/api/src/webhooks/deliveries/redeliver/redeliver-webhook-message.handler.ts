import { Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WebhookDeliveryDetail } from '@paykit/contracts';
import { Aggregates } from '../../../infrastructure/aggregates/aggregates.js';
import { WebhookDeliveryAggregate, deliveryContext } from '../../delivery/webhook-delivery.aggregate.js';
import { WebhooksOutbox } from '../../outbox/webhooks-outbox.js';
import { CATCH_UP_MS, DeliveryLog } from '../delivery-log.js';

/** `POST .../endpoints/{id}/deliveries/{messageId}/redeliver`: the message queued again, now, with a fresh day of retries. */
export class RedeliverWebhookMessage extends Command<WebhookDeliveryDetail> {
  constructor(
    readonly projectId: string,
    readonly endpointId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

@CommandHandler(RedeliverWebhookMessage)
export class RedeliverWebhookMessageHandler implements ICommandHandler<RedeliverWebhookMessage> {
  private readonly logger = new Logger(RedeliverWebhookMessageHandler.name);

  constructor(
    private readonly log: DeliveryLog,
    private readonly aggregates: Aggregates,
    private readonly outbox: WebhooksOutbox,
  ) {}

  async execute({ projectId, endpointId, messageId }: RedeliverWebhookMessage): Promise<WebhookDeliveryDetail> {
    await this.log.ownedEndpoint(projectId, endpointId);
    this.log.delivery(endpointId, messageId);
    // In the delivery's shared stream, so the instance that next attempts it, any of them, sees it.
    const { position } = await this.aggregates.execute(
      WebhookDeliveryAggregate,
      { endpointId, messageId },
      { type: 'RequestRedelivery', data: { endpointId, messageId, now: this.aggregates.now().toISOString() } },
      deliveryContext(projectId, `redeliver-${messageId}`),
    );
    await this.outbox.waitFor(position, CATCH_UP_MS);
    this.logger.log(`Webhook message ${messageId} queued again for endpoint ${endpointId}`);
    return this.log.delivery(endpointId, messageId);
  }
}
