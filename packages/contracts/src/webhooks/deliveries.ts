import { z } from 'zod';
import { uuid } from '../agent-checkouts/fields.js';
import { cursorPage, pageQuery } from '../common/pagination.js';
import { WebhookEventTypeName } from './event-types.js';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

export const WebhookAttempt = z
  .object({
    attemptNumber: z.number().int().describe('1 for the first attempt of the delivery'),
    trigger: z.enum(['scheduled', 'manual']).describe('manual: a redelivery asked through the API'),
    startedAt: z.string().describe('ISO 8601'),
    durationMs: z.number().int(),
    statusCode: z
      .number()
      .int()
      .nullable()
      .describe('The endpoint’s HTTP status; null when none came (timeout, refused URL, connection error)'),
    error: z.string().nullable(),
    outcome: z.enum(['succeeded', 'failed']).describe('succeeded: a 2xx answer'),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDeliveryResponse = z
  .object({
    messageId: z.string().describe('The webhook-id header: the same on every attempt and redelivery (dedupe on it)'),
    eventType: WebhookEventTypeName,
    status: WebhookDeliveryStatus.describe('pending: (re)tries under way; failed: given up after a day of retries'),
    attemptCount: z.number().int(),
    createdAt: z.string().describe('ISO 8601: when the event happened'),
    nextAttemptAt: z.string().nullable().describe('ISO 8601, while pending'),
    deliveredAt: z.string().nullable(),
    lastAttempt: WebhookAttempt.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

export const WebhookDeliveryDetail = WebhookDeliveryResponse.extend({
  payload: z
    .object({ type: WebhookEventTypeName, data: z.unknown() })
    .nullable()
    .describe('The body sent, once the first attempt has rendered it'),
  attempts: z.array(WebhookAttempt).describe('Every attempt, oldest first'),
}).meta({ id: 'WebhookDeliveryDetail' });
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

export const WebhookDeliveryParams = z.object({
  endpointId: uuid(),
  messageId: z.string().regex(/^msg_[0-9a-f]{32}$/, 'must be a message id (msg_...)'),
});

export const ListWebhookDeliveriesQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 }).extend({
  status: WebhookDeliveryStatus.optional().describe('Only deliveries in this status'),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuery>;

export const WebhookDeliveryPage = cursorPage(WebhookDeliveryResponse).meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;
