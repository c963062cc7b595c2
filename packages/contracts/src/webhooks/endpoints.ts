import { z } from 'zod';
import { characters, uuid } from '../agent-checkouts/fields.js';
import { cursorPage, pageQuery } from '../common/pagination.js';
import { WebhookEventTypeName } from './event-types.js';

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

const EndpointUrl = z
  .string()
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an http or https URL')
  .describe('Where events are POSTed; private and loopback addresses are refused');

const EventTypes = z
  .array(WebhookEventTypeName)
  .min(1, 'must name at least one event type')
  .refine((types) => new Set(types).size === types.length, 'must not repeat an event type')
  .describe('The events this endpoint receives');

const Description = characters(1, 500);

export const CreateWebhookEndpointBody = z
  .strictObject({ url: EndpointUrl, eventTypes: EventTypes, description: Description.optional() })
  .meta({ id: 'CreateWebhookEndpointRequest' });
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z
  .strictObject({
    url: EndpointUrl.optional(),
    eventTypes: EventTypes.optional(),
    description: Description.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one of url, eventTypes, description')
  .meta({ id: 'UpdateWebhookEndpointRequest' });
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const WebhookEndpointResponse = z
  .object({
    id: z.string().describe('UUID'),
    url: z.string(),
    eventTypes: z.array(WebhookEventTypeName),
    description: z.string().nullable(),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpointResponse = z.infer<typeof WebhookEndpointResponse>;

/** Only on create and rotate: the secret is never shown again. */
export const WebhookEndpointWithSecret = WebhookEndpointResponse.extend({
  secret: z.string().describe('Standard Webhooks signing secret, whsec_<base64>: shown once, keep it'),
}).meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointParams = z.object({ endpointId: uuid() });

export const ListWebhookEndpointsQuery = pageQuery({ defaultLimit: 30, maxLimit: 100 });
export type ListWebhookEndpointsQuery = z.infer<typeof ListWebhookEndpointsQuery>;

export const WebhookEndpointPage = cursorPage(WebhookEndpointResponse).meta({ id: 'WebhookEndpointPage' });
export type WebhookEndpointPage = z.infer<typeof WebhookEndpointPage>;
