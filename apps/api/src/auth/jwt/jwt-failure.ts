import type { DomainException } from '@paykit/kernel';
import { errors } from 'jose';
import { AuthErrors } from '../auth-errors.js';

/** Turns what jose throws into the API's answer: 401 for a bad token, 503/502 for a bad JWKS. */
export const jwtFailure = (error: unknown, remote: boolean): DomainException => {
  if (!(error instanceof errors.JOSEError)) {
    // A failed fetch of the JWKS (connection refused, DNS) is not jose's error.
    if (remote) return AuthErrors.jwksUnavailable();
    throw error;
  }
  switch (error.code) {
    case errors.JWTExpired.code:
      return AuthErrors.expiredJwt();
    case errors.JWSSignatureVerificationFailed.code:
      return AuthErrors.invalidJwt('signature verification failed');
    case errors.JWKSNoMatchingKey.code:
      return AuthErrors.invalidJwt("no key of the project's key set matches the token");
    case errors.JWTClaimValidationFailed.code: {
      const failed = error as errors.JWTClaimValidationFailed;
      if (failed.claim === 'iss') return AuthErrors.jwtIssuerNotAccepted();
      if (failed.claim === 'aud') return AuthErrors.jwtAudienceNotAccepted();
      return AuthErrors.invalidJwt(
        `the ${failed.claim} claim ${failed.reason === 'missing' ? 'is missing' : 'is not valid'}`,
      );
    }
    case errors.JOSEAlgNotAllowed.code:
      return AuthErrors.invalidJwt('its algorithm is not allowed for this project');
    case errors.JWKSTimeout.code:
      return AuthErrors.jwksUnavailable();
    case errors.JWKSInvalid.code:
      return AuthErrors.jwksInvalid();
    case errors.JWSInvalid.code:
    case errors.JWTInvalid.code:
    case errors.JOSENotSupported.code:
      return AuthErrors.invalidJwt('not a well-formed JWT');
    default:
      // e.g. a JWKS endpoint answering something other than 200.
      return remote ? AuthErrors.jwksUnavailable() : AuthErrors.invalidJwt('verification failed');
  }
};
