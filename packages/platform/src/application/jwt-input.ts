import { createPublicKey } from 'node:crypto';
import { DomainException, invalid } from '@paykit/kernel';
import type { JwtRules, JwtVerification } from '../domain/project/jwt-verification.js';
import type { SecretBox } from './secrets/secret-box.js';

/** JWT verification settings as an operator gives them, before sealing and normalising. */
export type JwtInput = JwtRules &
  (
    | { readonly type: 'hs256'; readonly secret: string }
    | { readonly type: 'public-key'; readonly publicKeyPem: string }
    | { readonly type: 'jwks'; readonly url: string }
  );

/** RFC 7518 asks for an HMAC key at least as long as the hash: 256 bits. */
export const HS256_SECRET_MIN_LENGTH = 32;
/** RFC 7518 §3.3: RS256 keys of 2048 bits or more (jose refuses to verify with a smaller one). */
export const RSA_MODULUS_MIN_BITS = 2048;

const invalidJwt = (message: string): DomainException =>
  new DomainException(invalid('invalid_jwt_configuration', message));

const normalisePublicKey = (pem: string): JwtVerification => {
  let key;
  try {
    key = createPublicKey(pem);
  } catch {
    throw invalidJwt('The JWT public key is not a readable PEM key');
  }
  const publicKeyPem = key.export({ type: 'spki', format: 'pem' }).toString();
  if (key.asymmetricKeyType === 'rsa') {
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < RSA_MODULUS_MIN_BITS) {
      throw invalidJwt(`The JWT public key is an RSA key of fewer than ${RSA_MODULUS_MIN_BITS} bits`);
    }
    return { type: 'public-key', algorithm: 'RS256', publicKeyPem };
  }
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { type: 'public-key', algorithm: 'ES256', publicKeyPem };
  }
  throw invalidJwt('The JWT public key must be an RSA key (RS256) or a P-256 EC key (ES256)');
};

/** Seals an HS256 secret for `projectId` and reduces a public key to its SPKI PEM and algorithm. */
export const toJwtVerification = (input: JwtInput, projectId: string, secrets: SecretBox): JwtVerification => ({
  ...keyOf(input, projectId, secrets),
  ...(input.issuer !== undefined && { issuer: input.issuer }),
  ...(input.audience !== undefined && { audience: [...input.audience] }),
  ...(input.maxLifetimeSeconds !== undefined && { maxLifetimeSeconds: input.maxLifetimeSeconds }),
});

const keyOf = (input: JwtInput, projectId: string, secrets: SecretBox): JwtVerification => {
  switch (input.type) {
    case 'hs256':
      if (input.secret.length < HS256_SECRET_MIN_LENGTH) {
        throw invalidJwt(`An HS256 secret needs at least ${HS256_SECRET_MIN_LENGTH} characters`);
      }
      return { type: 'hs256', sealedSecret: secrets.seal(input.secret, projectId) };
    case 'public-key':
      return normalisePublicKey(input.publicKeyPem);
    case 'jwks':
      return { type: 'jwks', url: input.url };
  }
};
