import { z } from 'zod';

export const IDEMPOTENCY_KEY_HEADER = 'x-idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'x-idempotent-replayed';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable ASCII only, so a key survives every proxy and log unchanged. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, { error: 'must be 1 to 255 printable ASCII characters' })
  .describe('Makes a POST safe to retry: the same key and body replay the first response.');
