import { Webhook } from 'standardwebhooks';

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const TOLERANCE_SECONDS = 300;

/**
 * The receiver's check by the Standard Webhooks reference implementation (the `standardwebhooks`
 * package), nothing of ours: HMAC-SHA256 over `id.timestamp.body` with the key after `whsec_`,
 * any one of the space-separated `v1,<base64>` signatures matching, the timestamp within five
 * minutes of now. `nowMs` checks at another time than the wall clock (a server on an injected
 * clock): the reference implementation signs, and the signature must be among those sent.
 */
export const verifyStandardWebhook = (
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
  nowMs?: number,
): boolean => {
  const signed: Record<string, string> = {};
  for (const name of SIGNED_HEADERS) {
    const value = headers[name];
    if (typeof value !== 'string') return false;
    signed[name] = value;
  }
  try {
    const webhook = new Webhook(secret);
    if (nowMs === undefined) {
      webhook.verify(rawBody, signed);
      return true;
    }
    const timestamp = Number(signed['webhook-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(nowMs / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
    const expected = webhook.sign(signed['webhook-id']!, new Date(timestamp * 1000), rawBody);
    return signed['webhook-signature']!.split(' ').includes(expected);
  } catch {
    return false;
  }
};
