import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { type WebhookEventType, type WebhookPayload, payloadSourceOf, renderPayload } from '@paykit/webhooks';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { DeliveryQueue, type DueDelivery } from './delivery-queue.js';

/** A message's payload, rendered from its source stream: the resource as it was at the source event. */
export const readPayload = async (
  store: EventStore,
  type: WebhookEventType,
  source: { readonly streamName: string; readonly revision: bigint },
): Promise<WebhookPayload> => {
  const { fromRevision, maxCount } = payloadSourceOf(type, source.revision);
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(source.streamName, { fromRevision, maxCount })) events.push(event);
  return renderPayload(type, events);
};

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
    const payload = await readPayload(this.store, delivery.messageType as WebhookEventType, {
      streamName: delivery.streamName,
      revision: BigInt(delivery.revision),
    });
    return this.queue.keepPayload(delivery.messageId, JSON.stringify(payload));
  }
}
