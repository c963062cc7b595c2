/** What set an attempt off: its schedule (the first one, retries) or a manual redelivery. */
export type DeliveryTrigger = 'scheduled' | 'manual';

/** What follows an attempt: delivered, another attempt at a time, or given up. */
export type AfterAttempt =
  | { readonly status: 'delivered'; readonly at: string }
  | { readonly status: 'pending'; readonly nextAttemptAt: string; readonly cycleStartedAt: string }
  | { readonly status: 'failed'; readonly cycleStartedAt: string };

export interface AttemptFacts {
  readonly trigger: DeliveryTrigger;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly statusCode: number | null;
  readonly error: string | null;
}

/** Which delivery: one message to one endpoint. */
export interface WebhookDeliveryRef {
  readonly endpointId: string;
  readonly messageId: string;
}

export type WebhookDeliveryEvent =
  | {
      readonly type: 'WebhookAttemptStarted';
      readonly data: WebhookDeliveryRef & {
        readonly generation: number;
        readonly trigger: DeliveryTrigger;
        readonly holder: string;
        readonly startedAt: string;
        readonly leaseExpiresAt: string;
      };
    }
  | {
      readonly type: 'WebhookAttemptRecorded';
      readonly data: WebhookDeliveryRef &
        AttemptFacts & {
          readonly generation: number;
          readonly attemptNumber: number;
          readonly outcome: 'succeeded' | 'failed';
          readonly after: AfterAttempt;
        };
    }
  | {
      readonly type: 'WebhookAttemptAbandoned';
      readonly data: WebhookDeliveryRef & { readonly holder: string; readonly abandonedAt: string };
    }
  | {
      readonly type: 'WebhookRedeliveryRequested';
      readonly data: WebhookDeliveryRef & { readonly generation: number; readonly requestedAt: string };
    };
