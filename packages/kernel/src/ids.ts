import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Source of identifiers; seeded in tests so runs are reproducible. */
export interface IdGenerator {
  uuid(): string;
}

export const randomIds: IdGenerator = { uuid: () => randomUUID() };

/** Deterministic v4-shaped UUIDs derived from a seed and a counter. */
export const seededIds = (seed: string): IdGenerator => {
  let counter = 0;
  return {
    uuid: () => {
      const bytes = createHash('sha256').update(`${seed}:${counter++}`).digest().subarray(0, 16);
      bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
      bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A high-entropy URL-safe token (API keys, client secrets). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
