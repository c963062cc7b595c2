import * as E from 'fp-ts/lib/Either.js';
import { type DomainError, invalid } from '@paykit/kernel';

/**
 * How a project's end-user JWTs are verified (sent with client keys). The HS256 secret must be
 * usable for verification, so it is kept encrypted (sealed by the application layer with the
 * deployment's secrets key); the domain only ever sees the sealed form.
 */
export type PublicKeyAlgorithm = 'RS256' | 'ES256';

/**
 * What a token must say besides its signature (ADR 0310). Unset issuer or audience: not
 * checked (projects configured before them keep working); unset lifetime: the default.
 */
export interface JwtRules {
  /** The `iss` a token must carry, exactly. */
  readonly issuer?: string;
  /** A token's `aud` must name one of these. */
  readonly audience?: readonly string[];
  /** The longest a token may live, `exp` - `iat` (or `exp` - now without `iat`). */
  readonly maxLifetimeSeconds?: number;
}

export type JwtVerification = JwtRules &
  (
    | { readonly type: 'hs256'; readonly sealedSecret: string }
    | { readonly type: 'public-key'; readonly algorithm: PublicKeyAlgorithm; readonly publicKeyPem: string }
    | { readonly type: 'jwks'; readonly url: string }
  );

/** 24 h, as identity providers' longest default (Auth0's access tokens; Firebase and Supabase issue 1 h). */
export const DEFAULT_JWT_MAX_LIFETIME_SECONDS = 86_400;
/** 1 minute to 30 days. */
export const JWT_MAX_LIFETIME_BOUNDS = { min: 60, max: 2_592_000 } as const;
export const JWT_AUDIENCES_MAX = 10;
const CLAIM_VALUE = /^[\x21-\x7e][\x20-\x7e]{0,499}$/;

const PEM_PUBLIC_KEY = /^-----BEGIN PUBLIC KEY-----\r?\n[A-Za-z0-9+/=\r\n]+-----END PUBLIC KEY-----\s*$/;

const isHttpUrl = (value: string): boolean => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
};

const invalidRules = (message: string) => E.left(invalid('invalid_jwt_configuration', message));

export const validateJwtRules = (rules: JwtRules): E.Either<DomainError, JwtRules> => {
  const { issuer, audience, maxLifetimeSeconds } = rules;
  if (issuer !== undefined && !CLAIM_VALUE.test(issuer)) {
    return invalidRules('The JWT issuer must be 1 to 500 printable characters');
  }
  if (audience !== undefined) {
    if (audience.length === 0 || audience.length > JWT_AUDIENCES_MAX) {
      return invalidRules(`Give 1 to ${JWT_AUDIENCES_MAX} JWT audiences`);
    }
    if (!audience.every((value) => CLAIM_VALUE.test(value))) {
      return invalidRules('Each JWT audience must be 1 to 500 printable characters');
    }
  }
  if (
    maxLifetimeSeconds !== undefined &&
    (!Number.isInteger(maxLifetimeSeconds) ||
      maxLifetimeSeconds < JWT_MAX_LIFETIME_BOUNDS.min ||
      maxLifetimeSeconds > JWT_MAX_LIFETIME_BOUNDS.max)
  ) {
    return invalidRules(
      `The JWT maximum lifetime must be ${JWT_MAX_LIFETIME_BOUNDS.min} to ${JWT_MAX_LIFETIME_BOUNDS.max} seconds`,
    );
  }
  return E.right(rules);
};

export const validateJwtVerification = (jwt: JwtVerification): E.Either<DomainError, JwtVerification> =>
  E.chain(() => validateJwtKey(jwt))(validateJwtRules(jwt));

const validateJwtKey = (jwt: JwtVerification): E.Either<DomainError, JwtVerification> => {
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

/** The rules a project's tokens are held to, defaults filled in: what operators are shown. */
export interface JwtRulesInForce {
  /** null: any issuer. */
  readonly issuer: string | null;
  /** null: any audience. A copy: the caller may hand it on. */
  readonly audience: string[] | null;
  readonly maxLifetimeSeconds: number;
}

export const jwtRulesInForce = (jwt: JwtVerification): JwtRulesInForce => ({
  issuer: jwt.issuer ?? null,
  audience: jwt.audience ? [...jwt.audience] : null,
  maxLifetimeSeconds: jwt.maxLifetimeSeconds ?? DEFAULT_JWT_MAX_LIFETIME_SECONDS,
});
