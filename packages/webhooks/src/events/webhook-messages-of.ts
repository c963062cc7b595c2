import { CHECKOUT_RUN_STREAM_PREFIX, type CheckoutRunEvent } from '@paykit/checkout-runs';
import type { EventMetadata } from '@paykit/kernel';
import type { OrderEvent, OrderKycOutcomeRecorded } from '@paykit/orders';
import { type TransferEvent, directionsOfEvent } from '@paykit/transfers';
import { messageIdOf } from './message-id.js';
import type { WebhookEventType } from './webhook-event-types.js';

/** What the mapping reads of a recorded event (the event store's RecordedEvent fits). */
export interface SourceEvent {
  readonly streamName: string;
  readonly revision: bigint;
  readonly type: string;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

/** A webhook message to send: its id, type and project, and the event its payload is rendered from. */
export interface WebhookMessageRef {
  readonly messageId: string;
  readonly type: WebhookEventType;
  readonly projectId: string;
  readonly occurredAt: string;
  readonly source: { readonly streamName: string; readonly revision: bigint; readonly eventId: string };
}

type OrderEventType = OrderEvent['type'];

const kycDeclined = (event: OrderEvent): boolean =>
  event.type === 'OrderKycOutcomeRecorded' && (event as OrderKycOutcomeRecorded).data.outcome === 'declined';

/** Order events and the webhook each raises; the others (KYC started, payer details...) raise none. */
const ORDER_WEBHOOKS: Partial<Record<OrderEventType, WebhookEventType>> = {
  OrderCreated: 'orders.quote.created',
  OrderRequoted: 'orders.quote.updated',
  OrderQuoteExpired: 'orders.quote.updated',
  OrderCardPaymentSucceeded: 'orders.payment.succeeded',
  OrderCryptoDepositReceived: 'orders.payment.succeeded',
  OrderCardPaymentDeclined: 'orders.payment.failed',
  OrderDeliveryStarted: 'orders.delivery.initiated',
  OrderDeliveryCompleted: 'orders.delivery.completed',
  OrderDeliveryFailed: 'orders.delivery.failed',
};

/**
 * Run events that change what the run's snapshot shows (status, browser, required action,
 * outcome). Lease renewals, steps and chat messages only raise its revision: a webhook for
 * each would be noise, and the snapshot of the next change carries them.
 */
const RUN_UPDATES: ReadonlySet<CheckoutRunEvent['type']> = new Set<CheckoutRunEvent['type']>([
  'CheckoutRunCreated',
  'CheckoutRunClaimed',
  'CheckoutRunRequeued',
  'CheckoutRunBrowserAttached',
  'CheckoutRunBrowserDetached',
  'CheckoutRunInputRequested',
  'CheckoutRunInputAnswered',
  'CheckoutRunSucceeded',
  'CheckoutRunBlocked',
  'CheckoutRunFailed',
  'CheckoutRunCancelled',
]);

/** `orderStreamName` and `transferStreamName` of their packages, as prefixes. */
const ORDER_STREAM_PREFIX = 'order-';
const TRANSFER_STREAM_PREFIX = 'transfer-';

const webhookTypesOf = (event: SourceEvent): WebhookEventType[] => {
  if (event.streamName.startsWith(ORDER_STREAM_PREFIX)) {
    const order = event as unknown as OrderEvent;
    if (kycDeclined(order)) return ['orders.payment.failed'];
    const type = ORDER_WEBHOOKS[order.type];
    return type === undefined ? [] : [type];
  }
  if (event.streamName.startsWith(CHECKOUT_RUN_STREAM_PREFIX)) {
    if (event.type === 'CheckoutRunCardAuthorizationRecorded') return ['agent-checkouts.card.authorization'];
    return RUN_UPDATES.has(event.type as CheckoutRunEvent['type']) ? ['agent-checkouts.run.updated'] : [];
  }
  if (event.streamName.startsWith(TRANSFER_STREAM_PREFIX)) {
    return directionsOfEvent(event as unknown as TransferEvent).map((direction) => direction.type);
  }
  return [];
};

/**
 * The webhook messages a recorded event raises, for the project it belongs to: none for most
 * events, one for an order, run or transfer change or an authorization on a run's virtual card, two for a transfer between two wallets of
 * the project (the sender's `out`, the recipient's `in`). Pure: the same event always maps to
 * the same messages with the same ids.
 */
export const webhookMessagesOf = (event: SourceEvent): WebhookMessageRef[] => {
  const projectId = event.metadata.projectId;
  if (projectId === null) return [];
  return webhookTypesOf(event).map((type) => ({
    messageId: messageIdOf(event.metadata.eventId, type),
    type,
    projectId,
    occurredAt: event.metadata.occurredAt,
    source: { streamName: event.streamName, revision: event.revision, eventId: event.metadata.eventId },
  }));
};
