import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListWebhookDeliveriesQuery, WebhookDeliveryPage } from '@paykit/contracts';
import { keysetPage } from '../../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../../http/pagination/signed-cursors.js';
import { DeliveriesReadModel } from '../deliveries.read-model.js';
import { DeliveryLog } from '../delivery-log.js';

/** `GET .../endpoints/{id}/deliveries`: one entry per message, newest first; cursors keep the status filter. */
export class ListWebhookDeliveries extends Query<WebhookDeliveryPage> {
  constructor(
    readonly projectId: string,
    readonly endpointId: string,
    readonly query: ListWebhookDeliveriesQuery,
  ) {
    super();
  }
}

@QueryHandler(ListWebhookDeliveries)
export class ListWebhookDeliveriesHandler implements IQueryHandler<ListWebhookDeliveries> {
  constructor(
    private readonly log: DeliveryLog,
    private readonly deliveries: DeliveriesReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  async execute({ projectId, endpointId, query }: ListWebhookDeliveries): Promise<WebhookDeliveryPage> {
    await this.log.ownedEndpoint(projectId, endpointId);
    return keysetPage({
      cursors: this.cursors,
      binding: `webhook-deliveries\n${projectId}\n${endpointId}\n${query.status ?? '*'}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: (value): value is number => Number.isSafeInteger(value),
      source: this.deliveries.source(endpointId, query.status),
      present: (row) => row.delivery,
    });
  }
}
