import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { type WebhookEventType, payloadSourceOf, renderPayload } from '@paykit/webhooks';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { DeliveryQueue, type DueDelivery } from './delivery-queue.js';

/**
 * A message's body, rendered from its source stream on its first attempt and kept: retries,
 * redeliveries and the delivery log all show the same bytes, the resource as it was at the
 * source event.
 */
@Injectable()
export class MessagePayloads {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly queue: DeliveryQueue,
  ) {}

  async bodyOf(delivery: DueDelivery): Promise<string> {
    if (delivery.payload !== null) return delivery.payload;
    const type = delivery.messageType as WebhookEventType;
    const { fromRevision, maxCount } = payloadSourceOf(type, BigInt(delivery.revision));
    const events: RecordedEvent[] = [];
    for await (const event of this.store.readStream(delivery.streamName, { fromRevision, maxCount }))
      events.push(event);
    return this.queue.keepPayload(delivery.messageId, JSON.stringify(renderPayload(type, events)));
  }
}
