import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ListWebhookDeliveriesQuery, WebhookDeliveryDetail, WebhookDeliveryPage } from '@paykit/contracts';
import { type Clock, DomainException, notFound } from '@paykit/kernel';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { keysetPage } from '../../tokens/pagination/keyset-page.js';
import { EndpointsReadModel } from '../endpoints/endpoints.read-model.js';
import { EndpointsService } from '../endpoints/endpoints.service.js';
import { DeliveriesReadModel } from './deliveries.read-model.js';

const deliveryNotFound = () => new DomainException({ ...notFound(), code: 'webhook_delivery_not_found' });

/** An endpoint's delivery log and manual redelivery; the endpoint must be the caller project's. */
@Injectable()
export class DeliveriesService {
  private readonly logger = new Logger(DeliveriesService.name);

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly endpoints: EndpointsService,
    private readonly endpointRows: EndpointsReadModel,
    private readonly deliveries: DeliveriesReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  async list(projectId: string, endpointId: string, query: ListWebhookDeliveriesQuery): Promise<WebhookDeliveryPage> {
    await this.ownedEndpoint(projectId, endpointId);
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

  async get(projectId: string, endpointId: string, messageId: string): Promise<WebhookDeliveryDetail> {
    await this.ownedEndpoint(projectId, endpointId);
    return this.deliveries.find(endpointId, messageId) ?? this.fail();
  }

  async redeliver(projectId: string, endpointId: string, messageId: string): Promise<WebhookDeliveryDetail> {
    await this.ownedEndpoint(projectId, endpointId);
    if (!this.deliveries.redeliver(endpointId, messageId, this.clock.now())) this.fail();
    this.logger.log(`Webhook message ${messageId} queued again for endpoint ${endpointId}`);
    return this.deliveries.find(endpointId, messageId) ?? this.fail();
  }

  private async ownedEndpoint(projectId: string, endpointId: string): Promise<void> {
    await this.endpoints.waitForOwnWrites(projectId);
    if (!this.endpointRows.find(projectId, endpointId)) await this.endpoints.load(projectId, endpointId);
  }

  private fail(): never {
    throw deliveryNotFound();
  }
}
