import { type DomainError, DomainException, domainError } from '@paykit/kernel';

/**
 * Every way authentication fails, with the spec's statuses: a missing, malformed, unknown or
 * revoked key and a missing scope are 401 (the message says which); a key of the other
 * environment or an authentication source the route or project does not allow is 403.
 */
const fail = (kind: DomainError['kind'], code: string, message: string, parameters?: Record<string, unknown>) =>
  new DomainException(domainError(kind, code, message, parameters));

export const AuthErrors = {
  missingKey: () => fail('unauthenticated', 'missing_api_key', 'Missing API key: send it in the X-API-KEY header'),
  malformedKey: () =>
    fail(
      'unauthenticated',
      'malformed_api_key',
      'Malformed API key: expected sk_<environment>_<secret> or ck_<environment>_<secret> in the X-API-KEY header',
    ),
  unknownKey: () => fail('unauthenticated', 'invalid_api_key', 'Invalid API key: no such key'),
  revokedKey: () => fail('unauthenticated', 'revoked_api_key', 'This API key has been revoked'),
  missingScope: (required: readonly string[]) =>
    fail(
      'unauthenticated',
      'missing_scope',
      required.length === 1
        ? `This API key lacks the required scope ${required[0]}`
        : `This API key lacks the required scopes: one of ${required.join(', ')}`,
      { requiredScopes: [...required] },
    ),
  wrongEnvironment: (keyEnvironment: string, serverEnvironment: string) =>
    fail(
      'forbidden',
      'wrong_environment',
      `This is a ${keyEnvironment} key; this is the ${serverEnvironment} environment`,
      { keyEnvironment, environment: serverEnvironment },
    ),
  serverKeyRequired: () =>
    fail(
      'forbidden',
      'server_key_required',
      'This operation needs a server-side API key (sk_...); client keys are not allowed',
    ),
  clientAuthNotConfigured: () =>
    fail(
      'forbidden',
      'client_auth_not_configured',
      'Client keys need JWT verification configured on the project; none is configured',
    ),
  missingJwt: () =>
    fail('unauthenticated', 'missing_jwt', 'Client keys need a user token: send it as Authorization: Bearer <JWT>'),
  expiredJwt: () => fail('unauthenticated', 'expired_jwt', 'The JWT has expired'),
  invalidJwt: (reason: string) => fail('unauthenticated', 'invalid_jwt', `Invalid JWT: ${reason}`),
  // ADR 0310: 401 like every other token refusal; the client needs another token, not other rights.
  jwtIssuerNotAccepted: () =>
    fail(
      'unauthenticated',
      'jwt_issuer_not_accepted',
      "The JWT was not issued by this project's identity provider (iss)",
    ),
  jwtAudienceNotAccepted: () =>
    fail('unauthenticated', 'jwt_audience_not_accepted', 'The JWT is not meant for this project (aud)'),
  jwtLifetimeTooLong: (maxLifetimeSeconds: number) =>
    fail(
      'unauthenticated',
      'jwt_lifetime_too_long',
      `The JWT lives longer than this project accepts (exp - iat over ${maxLifetimeSeconds} s)`,
      { maxLifetimeSeconds },
    ),
  invalidServiceUserId: () =>
    fail('invalid', 'invalid_service_user_id', 'x-service-user-id must be 1 to 255 printable characters'),
  jwksUnavailable: () => fail('unavailable', 'jwks_unavailable', "The project's JWKS could not be fetched"),
  jwksInvalid: () => fail('upstream_invalid', 'jwks_invalid', "The project's JWKS is not a valid key set"),
} as const;
