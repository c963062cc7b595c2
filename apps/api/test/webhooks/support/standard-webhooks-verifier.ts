import { Webhook } from 'standardwebhooks';

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * The receiver's check by the Standard Webhooks reference implementation (the `standardwebhooks`
 * package), nothing of ours: HMAC-SHA256 over `id.timestamp.body` with the key after `whsec_`,
 * any one of the space-separated `v1,<base64>` signatures matching, the timestamp within five
 * minutes of now.
 */
export const verifyStandardWebhook = (
  secret: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
): boolean => {
  const signed: Record<string, string> = {};
  for (const name of SIGNED_HEADERS) {
    const value = headers[name];
    if (typeof value !== 'string') return false;
    signed[name] = value;
  }
  try {
    new Webhook(secret).verify(rawBody, signed);
    return true;
  } catch {
    return false;
  }
};
