import { createHmac } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { signingKeyOf } from './endpoint-secret.js';

export interface SignedContent {
  /** The message id: the receiver's dedupe key, the same on every attempt. */
  readonly id: string;
  /** When this attempt was signed, in whole seconds since the epoch. */
  readonly timestamp: number;
  /** The raw body exactly as sent. */
  readonly body: string;
}

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';

const keyOf = (secret: string): Buffer => {
  const key = signingKeyOf(secret);
  if (E.isLeft(key)) throw new Error(key.left.message);
  return key.right;
};

/**
 * Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under each
 * secret, space-separated. While a rotated-out secret is still honoured the header carries a
 * signature under each, so receivers that have not switched yet still verify.
 */
export const signatureOf = (content: SignedContent, secrets: readonly string[]): string => {
  if (secrets.length === 0) throw new Error('A message is signed with at least one secret');
  const signed = `${content.id}.${content.timestamp}.${content.body}`;
  return secrets.map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(signed).digest('base64')}`).join(' ');
};

/** The three headers of a delivery attempt. */
export const webhookHeaders = (content: SignedContent, secrets: readonly string[]): Record<string, string> => ({
  [WEBHOOK_ID_HEADER]: content.id,
  [WEBHOOK_TIMESTAMP_HEADER]: String(content.timestamp),
  [WEBHOOK_SIGNATURE_HEADER]: signatureOf(content, secrets),
});
