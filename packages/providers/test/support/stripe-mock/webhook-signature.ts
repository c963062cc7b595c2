import { createHmac } from 'node:crypto';
import { isRecord } from './stripe-document.js';

/**
 * Stripe's `Stripe-Signature` header as its documentation specifies it, computed here and not by
 * the SDK so that the adapter's verification (the SDK's `constructEvent`) is checked against the
 * scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" with the endpoint secret>`.
 */
export const signatureHeader = (payload: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

/** JSON with keys sorted: two requests with the same parameters have the same fingerprint. */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
