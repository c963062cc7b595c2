import { WEBHOOK_EVENT_TYPES } from '@paykit/webhooks';
import { z } from 'zod';

/** The webhook event names of COMPAT "Webhooks": exactly the ones the API emits. */
export const WebhookEventTypeName = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: 'WebhookEventType' });
export type WebhookEventTypeName = z.infer<typeof WebhookEventTypeName>;
