import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ListWebhookDeliveriesQuery, WebhookDeliveryDetail, WebhookDeliveryPage } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import { DomainException, notFound } from '@paykit/kernel';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { DeliveryClaims } from '../delivery/delivery-claims.js';
import { EndpointsReadModel } from '../endpoints/endpoints.read-model.js';
import { EndpointsService } from '../endpoints/endpoints.service.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import { DeliveriesReadModel } from './deliveries.read-model.js';

/** How long a read waits for this instance's outbox to show what the store holds (attempts made by any instance). */
const CATCH_UP_MS = 5_000;

const deliveryNotFound = () => new DomainException({ ...notFound(), code: 'webhook_delivery_not_found' });

/** An endpoint's delivery log and manual redelivery; the endpoint must be the caller project's. */
@Injectable()
export class DeliveriesService {
  private readonly logger = new Logger(DeliveriesService.name);

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly endpoints: EndpointsService,
    private readonly endpointRows: EndpointsReadModel,
    private readonly deliveries: DeliveriesReadModel,
    private readonly cursors: SignedCursors,
    private readonly claims: DeliveryClaims,
    private readonly outbox: WebhooksOutbox,
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
    if (!this.deliveries.find(endpointId, messageId)) this.fail();
    // In the delivery's shared stream, so the instance that next attempts it, any of them, sees it.
    const position = await this.claims.redeliver({ projectId, endpointId, messageId });
    await this.outbox.waitFor(position, CATCH_UP_MS);
    this.logger.log(`Webhook message ${messageId} queued again for endpoint ${endpointId}`);
    return this.deliveries.find(endpointId, messageId) ?? this.fail();
  }

  /** The endpoint is the caller's; the log is as the store stood when the request came, whichever instance attempted. */
  private async ownedEndpoint(projectId: string, endpointId: string): Promise<void> {
    await this.outbox.waitFor(await this.store.headPosition(), CATCH_UP_MS);
    await this.endpoints.waitForOwnWrites(projectId);
    if (!this.endpointRows.find(projectId, endpointId)) await this.endpoints.load(projectId, endpointId);
  }

  private fail(): never {
    throw deliveryNotFound();
  }
}
