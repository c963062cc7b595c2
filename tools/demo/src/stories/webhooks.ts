import { PayKitApiError, type WebhookEvent, type WebhookEventType, expectOk, verifyWebhook } from '@paykit/client';
import { WEBHOOK_EVENT_TYPES } from '@paykit/webhooks';
import { type ReceivedDelivery, type WebhookReceiver, startWebhookReceiver } from '../webhook-receiver.js';
import { waitFor } from '../wait.js';
import type { StoryContext } from './context.js';

/** Every event an endpoint can subscribe to: the domain's list, checked against the client's type. */
export const ALL_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOK_EVENT_TYPES;

export interface WebhookSession {
  readonly endpointId: string;
  readonly secret: string;
  readonly receiver: WebhookReceiver;
  /** The deliveries that verified, as events; duplicates of one message id counted once. */
  verifiedEvents(): { delivery: ReceivedDelivery; event: WebhookEvent }[];
  close(): Promise<void>;
}

/** Why a server refuses a local receiver, and what to change. */
export const LOCAL_ENDPOINT_HINT =
  'the server refuses private endpoint URLs unless allow-listed: start it with WEBHOOK_ALLOWED_HOSTS=127.0.0.1';

/**
 * A local receiver registered as an endpoint for `eventTypes`; null (with the reason printed)
 * when the server refuses a local URL. close() deletes the endpoint and stops the receiver.
 */
export const openWebhookSession = async (
  context: StoryContext,
  eventTypes: readonly WebhookEventType[] = ALL_EVENT_TYPES,
  handle?: Parameters<typeof startWebhookReceiver>[0],
): Promise<WebhookSession | null> => {
  const receiver = await startWebhookReceiver(handle);
  let endpoint;
  try {
    endpoint = await expectOk(
      context.client.POST('/2025-06-09/webhooks/endpoints', {
        body: { url: receiver.url, eventTypes: [...eventTypes], description: `paykit demo ${context.runTag}` },
      }),
    );
  } catch (error) {
    await receiver.close();
    if (error instanceof PayKitApiError && error.status === 400) {
      context.report.skipped(`${error.body.message}: ${LOCAL_ENDPOINT_HINT}`);
      return null;
    }
    throw error;
  }
  context.report.step(
    `endpoint ${endpoint.id} at ${receiver.url} for ${eventTypes.length} event types; secret ${endpoint.secret.slice(0, 10)}...`,
  );
  const { id, secret } = endpoint;
  return {
    endpointId: id,
    secret,
    receiver,
    verifiedEvents: () => {
      const seen = new Set<string>();
      return receiver.deliveries.flatMap((delivery) => {
        if (seen.has(delivery.messageId)) return [];
        seen.add(delivery.messageId);
        try {
          return [
            { delivery, event: verifyWebhook(secret, delivery.headers as Record<string, string>, delivery.rawBody) },
          ];
        } catch {
          return [];
        }
      });
    },
    close: async () => {
      await context.client.DELETE('/2025-06-09/webhooks/endpoints/{endpointId}', {
        params: { path: { endpointId: id } },
      });
      await receiver.close();
    },
  };
};

/** Waits until a verified delivery of each type arrived, then prints what came. */
export const expectDeliveries = async (
  context: StoryContext,
  session: WebhookSession,
  types: readonly WebhookEventType[],
): Promise<void> => {
  const arrived = await waitFor(
    `webhooks ${types.join(', ')}`,
    async () => new Set(session.verifiedEvents().map(({ event }) => event.type)),
    (seen) => types.every((type) => seen.has(type)),
    { timeoutMs: context.waitMs },
  );
  const verified = session.verifiedEvents();
  const unverified = session.receiver.deliveries.length - verified.length;
  context.report.step(
    `${verified.length} deliveries received, every signature verified with standardwebhooks${unverified > 0 ? ` (${unverified} retries or unverified)` : ''}`,
  );
  const counts = new Map<string, number>();
  for (const { event } of verified) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
  context.report.note([...counts].map(([type, count]) => `${type} x${count}`).join(', '));
  if (![...types].every((type) => arrived.has(type))) throw new Error('not every expected webhook arrived');
};
