import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WebhookDeliveryDetail } from '@paykit/contracts';
import { DeliveryLog } from '../delivery-log.js';

/** `GET .../endpoints/{id}/deliveries/{messageId}`: every attempt, and the body sent. */
export class GetWebhookDelivery extends Query<WebhookDeliveryDetail> {
  constructor(
    readonly projectId: string,
    readonly endpointId: string,
    readonly messageId: string,
  ) {
    super();
  }
}

@QueryHandler(GetWebhookDelivery)
export class GetWebhookDeliveryHandler implements IQueryHandler<GetWebhookDelivery> {
  constructor(private readonly log: DeliveryLog) {}

  async execute({ projectId, endpointId, messageId }: GetWebhookDelivery): Promise<WebhookDeliveryDetail> {
    await this.log.ownedEndpoint(projectId, endpointId);
    return this.log.delivery(endpointId, messageId);
  }
}
