import type { WebhookEventType } from '../events/webhook-event-types.js';

export interface WebhookEndpoint {
  readonly endpointId: string;
  readonly projectId: string;
  readonly url: string;
  readonly eventTypes: readonly WebhookEventType[];
  readonly description: string | null;
  readonly sealedSecret: string;
  readonly requestFingerprint: string;
  readonly lastRotationKey: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deleted: boolean;
}

/** null before the endpoint is created. */
export type WebhookEndpointState = WebhookEndpoint | null;

/** An endpoint that exists and was not deleted. */
export const isLive = (state: WebhookEndpointState): state is WebhookEndpoint => state !== null && !state.deleted;
