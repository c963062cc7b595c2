import { invalid, type DomainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';

/** Standard Webhooks' secret format: the prefix, then the key in base64. */
export const ENDPOINT_SECRET_PREFIX = 'whsec_';
export const ENDPOINT_SECRET_BYTES = 32;

/** An endpoint's signing secret from fresh random bytes (the caller's: this package draws none). */
export const endpointSecretOf = (randomBytes: Uint8Array): string => {
  if (randomBytes.length < 24 || randomBytes.length > 64) throw new Error('A signing key is 24 to 64 bytes');
  return `${ENDPOINT_SECRET_PREFIX}${Buffer.from(randomBytes).toString('base64')}`;
};

/** The HMAC key a `whsec_...` secret stands for. */
export const signingKeyOf = (secret: string): E.Either<DomainError, Buffer> => {
  if (!secret.startsWith(ENDPOINT_SECRET_PREFIX))
    return E.left(invalid('invalid_webhook_secret', 'A webhook secret starts with whsec_'));
  const encoded = secret.slice(ENDPOINT_SECRET_PREFIX.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.length < 24 || key.length > 64 || key.toString('base64') !== encoded) {
    return E.left(invalid('invalid_webhook_secret', 'A webhook secret is whsec_ and the base64 of 24 to 64 bytes'));
  }
  return E.right(key);
};
