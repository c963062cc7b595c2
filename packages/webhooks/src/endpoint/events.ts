import type { DomainEvent } from '@paykit/kernel';
import type { WebhookEventType } from '../events/webhook-event-types.js';

/** Stream `webhookEndpoint-<endpointId>`; every event type starts with `WebhookEndpoint`. */
export const WEBHOOK_ENDPOINT_STREAM_PREFIX = 'webhookEndpoint-';
export const WEBHOOK_ENDPOINT_EVENT_TYPE_PREFIX = 'WebhookEndpoint';

export const webhookEndpointStreamName = (endpointId: string): string =>
  `${WEBHOOK_ENDPOINT_STREAM_PREFIX}${endpointId}`;

/** The secret is sealed by the caller before it reaches an event: events never hold it readable. */
export type WebhookEndpointCreated = DomainEvent<
  'WebhookEndpointCreated',
  {
    readonly endpointId: string;
    readonly projectId: string;
    readonly url: string;
    readonly eventTypes: readonly WebhookEventType[];
    readonly description: string | null;
    readonly sealedSecret: string;
    /** A digest of the create request, so a retry of the same request is told from a different one. */
    readonly requestFingerprint: string;
    readonly createdAt: string;
  }
>;

/** The endpoint's settings after the change, whole. */
export type WebhookEndpointUpdated = DomainEvent<
  'WebhookEndpointUpdated',
  {
    readonly endpointId: string;
    readonly url: string;
    readonly eventTypes: readonly WebhookEventType[];
    readonly description: string | null;
    readonly updatedAt: string;
  }
>;

export type WebhookEndpointSecretRotated = DomainEvent<
  'WebhookEndpointSecretRotated',
  {
    readonly endpointId: string;
    readonly sealedSecret: string;
    /** Until then, deliveries are signed with the previous secret too. */
    readonly previousSecretExpiresAt: string;
    /** The idempotency key of the rotate request, if it had one: a retry does not rotate twice. */
    readonly requestKey: string | null;
    readonly rotatedAt: string;
  }
>;

export type WebhookEndpointDeleted = DomainEvent<
  'WebhookEndpointDeleted',
  { readonly endpointId: string; readonly deletedAt: string }
>;

export type WebhookEndpointEvent =
  WebhookEndpointCreated | WebhookEndpointUpdated | WebhookEndpointSecretRotated | WebhookEndpointDeleted;
