import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The live view's access token: `v1.<expiry in epoch seconds>.<HMAC-SHA256>` over the run id and
 * the expiry. The API signs it when it presents a run's `embedUrl`; the live-view server, which
 * shares the key, checks it before serving the page or its frames. Bound to one run, short-lived.
 */
const VERSION = 'v1';

export type ViewerTokenKey = Buffer | (() => Buffer);

const keyOf = (key: ViewerTokenKey): Buffer => (typeof key === 'function' ? key() : key);

const mac = (key: ViewerTokenKey, runId: string, expiresAtSeconds: number): Buffer =>
  createHmac('sha256', keyOf(key)).update(`paykit/live-view\n${runId}\n${expiresAtSeconds}`).digest();

export const signViewerToken = (key: ViewerTokenKey, runId: string, expiresAt: Date): string => {
  const expiry = Math.floor(expiresAt.getTime() / 1000);
  return `${VERSION}.${expiry}.${mac(key, runId, expiry).toString('base64url')}`;
};

export type ViewerTokenCheck =
  | { readonly valid: true; readonly expiresAt: Date }
  | { readonly valid: false; readonly reason: 'malformed' | 'forged' | 'expired' };

export const checkViewerToken = (
  key: ViewerTokenKey,
  runId: string,
  token: string | null | undefined,
  now: Date,
): ViewerTokenCheck => {
  const parts = (token ?? '').split('.');
  const [version, expiryText, signature] = parts;
  if (parts.length !== 3 || version !== VERSION || !expiryText || !/^\d{1,12}$/.test(expiryText) || !signature) {
    return { valid: false, reason: 'malformed' };
  }
  const expiry = Number(expiryText);
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, runId, expiry);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { valid: false, reason: 'forged' };
  if (expiry * 1000 <= now.getTime()) return { valid: false, reason: 'expired' };
  return { valid: true, expiresAt: new Date(expiry * 1000) };
};

/** The viewer URL as handed out: the stored (unsigned) `embedUrl` with a fresh token for its run. */
export const signedEmbedUrl = (embedUrl: string, token: string): string => {
  const url = new URL(embedUrl);
  url.searchParams.set('token', token);
  return url.toString();
};
