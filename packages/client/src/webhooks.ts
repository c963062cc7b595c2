import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { components } from './generated/paykit-api.js';

export { WebhookVerificationError };

export type WebhookEventType = components['schemas']['WebhookEventType'];

/** What every delivery carries: the event's type and its resource. */
export interface WebhookEvent {
  readonly type: WebhookEventType;
  readonly data: Record<string, unknown>;
}

type HeaderSource = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

const headerOf = (headers: HeaderSource, name: string): string => {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const value = headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value.join(' ') : ((value as string | undefined) ?? '');
};

/**
 * Checks a delivery the way the Standard Webhooks reference implementation does (it is the one
 * doing it): the `webhook-signature` (any of its `v1,` entries, so a rotated secret still
 * verifies) over `webhook-id.webhook-timestamp.body` with the endpoint's `whsec_` secret, and a
 * timestamp within five minutes. Pass the raw body exactly as received, before any parsing.
 * Answers the parsed event; throws `WebhookVerificationError` otherwise.
 */
export const verifyWebhook = (secret: string, headers: HeaderSource, rawBody: string | Buffer): WebhookEvent => {
  const signed = Object.fromEntries(SIGNED_HEADERS.map((name) => [name, headerOf(headers, name)]));
  return new Webhook(secret).verify(rawBody, signed) as WebhookEvent;
};
