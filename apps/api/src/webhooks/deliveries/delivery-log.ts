import { Inject, Injectable } from '@nestjs/common';
import type { WebhookDeliveryDetail } from '@paykit/contracts';
import type { EventStore } from '@paykit/event-store';
import { DomainException, notFound } from '@paykit/kernel';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { EndpointsReadModel } from '../endpoints/endpoints.read-model.js';
import { WebhookEndpoints } from '../endpoints/webhook-endpoints.js';
import { WebhooksOutbox } from '../outbox/webhooks-outbox.js';
import { DeliveriesReadModel } from './deliveries.read-model.js';

/** How long a read waits for this instance's outbox to show what the store holds (attempts made by any instance). */
export const CATCH_UP_MS = 5_000;

const deliveryNotFound = () => new DomainException({ ...notFound(), code: 'webhook_delivery_not_found' });

/** An endpoint's delivery log as its handlers read it; the endpoint must be the caller project's. */
@Injectable()
export class DeliveryLog {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly endpoints: WebhookEndpoints,
    private readonly endpointRows: EndpointsReadModel,
    private readonly deliveries: DeliveriesReadModel,
    private readonly outbox: WebhooksOutbox,
  ) {}

  /** The endpoint is the caller's; the log is as the store stood when the request came, whichever instance attempted. */
  async ownedEndpoint(projectId: string, endpointId: string): Promise<void> {
    await this.outbox.waitFor(await this.store.headPosition(), CATCH_UP_MS);
    await this.endpoints.waitForOwnWrites(projectId);
    if (!this.endpointRows.find(projectId, endpointId)) await this.endpoints.live(projectId, endpointId);
  }

  /** A delivery of the endpoint, or a 404 `webhook_delivery_not_found`. */
  delivery(endpointId: string, messageId: string): WebhookDeliveryDetail {
    const found = this.deliveries.find(endpointId, messageId);
    if (!found) throw deliveryNotFound();
    return found;
  }
}
