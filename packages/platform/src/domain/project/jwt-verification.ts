import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';

/**
 * How a project's end-user JWTs are verified (sent with client keys). The HS256 secret must be
 * usable for verification, so it is kept encrypted (sealed by the application layer with the
 * deployment's secrets key); the domain only ever sees the sealed form.
 */
export type PublicKeyAlgorithm = 'RS256' | 'ES256';

export type JwtVerification =
  | { readonly type: 'hs256'; readonly sealedSecret: string }
  | { readonly type: 'public-key'; readonly algorithm: PublicKeyAlgorithm; readonly publicKeyPem: string }
  | { readonly type: 'jwks'; readonly url: string };

const PEM_PUBLIC_KEY = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\s*$/;

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
};

export const validateJwtVerification = (jwt: JwtVerification): E.Either<DomainError, JwtVerification> => {
  switch (jwt.type) {
    case 'hs256':
      return jwt.sealedSecret.length > 0
        ? E.right(jwt)
        : E.left(invalid('invalid_jwt_configuration', 'The HS256 secret is missing'));
    case 'public-key':
      if (jwt.algorithm !== 'RS256' && jwt.algorithm !== 'ES256') {
        return E.left(invalid('invalid_jwt_configuration', 'The public key algorithm must be RS256 or ES256'));
      }
      return PEM_PUBLIC_KEY.test(jwt.publicKeyPem)
        ? E.right(jwt)
        : E.left(invalid('invalid_jwt_configuration', 'The public key must be a PEM "BEGIN PUBLIC KEY" block'));
    case 'jwks':
      return isHttpUrl(jwt.url)
        ? E.right(jwt)
        : E.left(invalid('invalid_jwt_configuration', 'The JWKS URL must be an http(s) URL without credentials'));
  }
};
