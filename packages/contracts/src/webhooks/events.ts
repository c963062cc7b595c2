import { z } from 'zod';
import { cursorPage, pageQuery } from '../common/pagination.js';
import { WebhookEventTypeName } from './event-types.js';

/** `GET /2025-06-09/webhooks/events`: the project's webhook events, newest first (ADR 0812). */
export const WebhookEventListQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 }).extend({
  type: WebhookEventTypeName.optional().describe('Only events of this type'),
});
export type WebhookEventListQuery = z.infer<typeof WebhookEventListQuery>;

export const WebhookEventResponse = z
  .object({
    id: z.string().describe('The webhook-id its deliveries carry (the deliveries list names it as messageId)'),
    type: WebhookEventTypeName,
    createdAt: z.string().describe('ISO 8601: when the event happened'),
    data: z.unknown().describe('The payload’s data, as a delivery sends it: the resource as it was at the event'),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEventResponse = z.infer<typeof WebhookEventResponse>;

export const WebhookEventPage = cursorPage(WebhookEventResponse).meta({ id: 'WebhookEventPage' });
export type WebhookEventPage = z.infer<typeof WebhookEventPage>;
