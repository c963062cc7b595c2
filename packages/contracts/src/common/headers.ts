import { z } from 'zod';

export const IDEMPOTENCY_KEY_HEADER = 'x-idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'x-idempotent-replayed';
export const REQUEST_ID_HEADER = 'x-request-id';

/** Printable ASCII only, so a key survives every proxy and log unchanged. */
export const IdempotencyKey = z
  .string()
  .regex(/^[\x20-\x7e]{1,255}$/, { error: 'must be 1 to 255 printable ASCII characters' })
  .describe('Makes a POST safe to retry: the same key and body replay the first response.');

export const SERVICE_USER_ID_HEADER = 'x-service-user-id';

/** What a server key may name as the end user it acts for (the authenticator refuses anything else with 400). */
export const ServiceUserId = z
  .string()
  .regex(/^[\x21-\x7e][\x20-\x7e]{0,254}$/, {
    error: 'must be 1 to 255 printable ASCII characters, not starting with a space',
  })
  .describe(
    'Server keys only: the end user to act for (e.g. the owner that `me` stands for). Ignored under client-side auth, ' +
      'where the JWT subject is the user. 400 when malformed.',
  );
