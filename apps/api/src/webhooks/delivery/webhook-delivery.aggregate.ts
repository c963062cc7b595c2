import type { CommandContext } from '@paykit/kernel';
import { webhookDeliveryDecider, webhookDeliveryStream } from '@paykit/webhooks';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** One message to one endpoint, shared by every instance: stream `webhookdelivery-<endpoint>:<message>`. */
export const WebhookDeliveryAggregate = aggregateType({
  name: 'webhook delivery',
  decider: webhookDeliveryDecider,
  streamName: webhookDeliveryStream,
});

/** What a delivery's events carry: the delivery system acting for the endpoint's project, whoever asked. */
export const deliveryContext = (projectId: string, correlationId: string): CommandContext => ({
  projectId,
  actor: { type: 'system', id: 'webhook-delivery' },
  correlationId,
});
