import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The receiver's check, written from the Standard Webhooks specification and nothing of ours:
 * HMAC-SHA256 over `id.timestamp.body` with the base64 key after `whsec_`, any one of the
 * space-separated `v1,<base64>` signatures matching, the timestamp within five minutes.
 */
export const verifyStandardWebhook = (
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
  nowMs = Date.now(),
): boolean => {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || signature === undefined) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};
