import { DEFAULT_JWT_MAX_LIFETIME_SECONDS, type JwtRules, type Project } from '@paykit/platform';
import { type CryptoKey, type JWTPayload, type JWTVerifyGetKey, createRemoteJWKSet, importSPKI, jwtVerify } from 'jose';
import { AuthErrors } from '../auth-errors.js';
import { jwtFailure } from './jwt-failure.js';

/** What verifies a project's JWTs: a secret, a public key, or a remote key set, and the claims' rules. */
export interface ProjectJwtKey {
  readonly key: Uint8Array | CryptoKey | JWTVerifyGetKey;
  readonly algorithms: readonly string[];
  readonly remote: boolean;
  readonly rules: JwtRules;
}

const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];
/**
 * Leeway for clocks that disagree (ADR 0310), on exp, nbf and iat: a minute, as Auth0's and
 * Okta's verifiers allow by default. Not on the lifetime, which is measured on the issuer's clock.
 */
export const CLOCK_TOLERANCE_SECONDS = 60;
const JWKS_TIMEOUT_MS = 5_000;
const SUBJECT_MAX_LENGTH = 255;

/**
 * Verifies end-user JWTs sent with client keys, against the project's JWT configuration:
 * HS256 with the project's secret, RS256/ES256 with its public key, or any asymmetric
 * algorithm with the keys its JWKS URL serves (fetched and cached by jose).
 */
export class JwtVerifier {
  /** One remote key set per URL, kept for the life of the process: jose caches its keys. */
  private readonly remoteKeySets = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly hs256SecretOf: (project: Project) => string | null) {}

  async keyFor(project: Project): Promise<ProjectJwtKey | null> {
    const jwt = project.jwt;
    if (jwt === null) return null;
    const { issuer, audience, maxLifetimeSeconds } = jwt;
    const rules: JwtRules = { issuer, audience, maxLifetimeSeconds };
    switch (jwt.type) {
      case 'hs256': {
        const secret = this.hs256SecretOf(project);
        if (secret === null) return null;
        return { key: new TextEncoder().encode(secret), algorithms: ['HS256'], remote: false, rules };
      }
      case 'public-key': {
        const key = await importSPKI(jwt.publicKeyPem, jwt.algorithm);
        return { key, algorithms: [jwt.algorithm], remote: false, rules };
      }
      case 'jwks':
        return { key: this.remoteKeySet(jwt.url), algorithms: ASYMMETRIC_ALGORITHMS, remote: true, rules };
    }
  }

  /**
   * The token's subject: the end user. Signature, algorithm, exp and nbf (with the clock
   * tolerance), and the project's issuer and audience when set, are jose's checks; iat in the
   * future and the lifetime are ours. Throws the matching 401 (or 503/502 for a JWKS fault).
   */
  async subjectOf(token: string, projectKey: ProjectJwtKey): Promise<string> {
    const { issuer, audience } = projectKey.rules;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, projectKey.key as Uint8Array, {
        algorithms: [...projectKey.algorithms],
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        ...(issuer !== undefined && { issuer }),
        ...(audience !== undefined && { audience: [...audience] }),
      }));
    } catch (error) {
      throw jwtFailure(error, projectKey.remote);
    }
    checkLifetime(payload, projectKey.rules.maxLifetimeSeconds ?? DEFAULT_JWT_MAX_LIFETIME_SECONDS);
    const subject = payload.sub;
    if (typeof subject !== 'string' || subject.length === 0 || subject.length > SUBJECT_MAX_LENGTH) {
      throw AuthErrors.invalidJwt(`the sub claim must be a string of 1 to ${SUBJECT_MAX_LENGTH} characters`);
    }
    return subject;
  }

  private remoteKeySet(url: string): JWTVerifyGetKey {
    let keySet = this.remoteKeySets.get(url);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: JWKS_TIMEOUT_MS });
      this.remoteKeySets.set(url, keySet);
    }
    return keySet;
  }
}

/**
 * A token issued in the future (beyond the tolerance) is not valid yet; one that lives longer
 * than the maximum, from iat to exp, is refused whatever its remaining time. Without iat its
 * life is counted from now: what remains must fit the maximum.
 */
const checkLifetime = (payload: JWTPayload, maxLifetimeSeconds: number): void => {
  const now = Math.floor(Date.now() / 1_000);
  const { iat, exp } = payload;
  if (iat !== undefined && iat > now + CLOCK_TOLERANCE_SECONDS)
    throw AuthErrors.invalidJwt('the iat claim is in the future');
  // jose made exp required and a number.
  const lifetime = (exp as number) - (iat ?? now);
  if (lifetime > maxLifetimeSeconds) throw AuthErrors.jwtLifetimeTooLong(maxLifetimeSeconds);
};
