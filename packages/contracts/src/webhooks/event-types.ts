import { z } from 'zod';

/** The webhook event names of COMPAT "Webhooks" (the API checks this list against the one it emits). */
export const WEBHOOK_EVENT_TYPE_NAMES = [
  'orders.quote.created',
  'orders.quote.updated',
  'orders.payment.succeeded',
  'orders.payment.failed',
  'orders.delivery.initiated',
  'orders.delivery.completed',
  'orders.delivery.failed',
  'wallets.transfer.in',
  'wallets.transfer.out',
  'agent-checkouts.run.updated',
] as const;

export const WebhookEventTypeName = z.enum(WEBHOOK_EVENT_TYPE_NAMES).meta({ id: 'WebhookEventType' });
export type WebhookEventTypeName = z.infer<typeof WebhookEventTypeName>;
