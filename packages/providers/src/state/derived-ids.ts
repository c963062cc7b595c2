import { createHash } from 'node:crypto';

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * What an idempotency key is checked against: a hash of the request's canonical fields, in a
 * fixed order. The same key with another request is refused, as a payment processor does; the
 * record keeps only the hash (never a card token in clear).
 */
export const requestFingerprint = (...fields: readonly string[]): string => sha256Hex(JSON.stringify(fields));

/**
 * A v4-shaped UUID derived from what names the thing (a charge from its idempotency key), so a
 * repeat of the request, on any instance and after any restart, names the same stream: the
 * append at `no_stream` is then the idempotency claim and the record in one write.
 */
export const derivedUuid = (purpose: string, value: string): string => {
  const bytes = createHash('sha256').update(`paykit:sandbox:${purpose}:${value}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Whether a value is `<prefix>_<uuid>`: only such ids name streams (anything else is not found). */
export const isPrefixedUuid = (prefix: string, value: string): boolean => new RegExp(`^${prefix}_${UUID}$`).test(value);
