import type { WebhookEventType } from '../events/webhook-event-types.js';

export interface CreateWebhookEndpoint {
  readonly type: 'CreateWebhookEndpoint';
  readonly data: {
    readonly endpointId: string;
    readonly projectId: string;
    readonly url: string;
    readonly eventTypes: readonly WebhookEventType[];
    readonly description: string | null;
    readonly sealedSecret: string;
    readonly requestFingerprint: string;
    readonly at: string;
  };
}

/** Only the fields given change; `description: null` clears it. */
export interface UpdateWebhookEndpoint {
  readonly type: 'UpdateWebhookEndpoint';
  readonly data: {
    readonly url?: string;
    readonly eventTypes?: readonly WebhookEventType[];
    readonly description?: string | null;
    readonly at: string;
  };
}

export interface RotateWebhookEndpointSecret {
  readonly type: 'RotateWebhookEndpointSecret';
  readonly data: {
    readonly sealedSecret: string;
    readonly previousSecretExpiresAt: string;
    readonly requestKey: string | null;
    readonly at: string;
  };
}

export interface DeleteWebhookEndpoint {
  readonly type: 'DeleteWebhookEndpoint';
  readonly data: { readonly at: string };
}

export type WebhookEndpointCommand =
  CreateWebhookEndpoint | UpdateWebhookEndpoint | RotateWebhookEndpointSecret | DeleteWebhookEndpoint;
