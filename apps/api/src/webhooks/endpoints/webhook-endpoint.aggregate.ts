import { webhookEndpointDecider, webhookEndpointStreamName } from '@paykit/webhooks';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** A project's webhook endpoint: stream `webhook_endpoint-<id>`. */
export const WebhookEndpointAggregate = aggregateType({
  name: 'webhook endpoint',
  decider: webhookEndpointDecider,
  streamName: webhookEndpointStreamName,
});
