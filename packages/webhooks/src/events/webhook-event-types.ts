/** Every event a webhook endpoint can subscribe to (COMPAT "Webhooks"), in the order documented. */
export const WEBHOOK_EVENT_TYPES = [
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
  // An authorization the card issuer saw on a run's virtual card, approved or declined (docs/adr/0226).
  'agent-checkouts.card.authorization',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** The body every delivery carries, byte for byte the same on each attempt and redelivery. */
export interface WebhookPayload {
  readonly type: WebhookEventType;
  readonly data: unknown;
}
