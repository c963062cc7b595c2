import type { Project } from '@paykit/platform';
import { type CryptoKey, type JWTVerifyGetKey, createRemoteJWKSet, importSPKI, jwtVerify } from 'jose';
import { AuthErrors } from '../auth-errors.js';
import { jwtFailure } from './jwt-failure.js';

/** What verifies a project's JWTs: a secret, a public key, or a remote key set. */
export interface ProjectJwtKey {
  readonly key: Uint8Array | CryptoKey | JWTVerifyGetKey;
  readonly algorithms: readonly string[];
  readonly remote: boolean;
}

const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];
/** Leeway for clocks that disagree by a little (exp, nbf, iat). */
const CLOCK_TOLERANCE_SECONDS = 5;
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
    switch (jwt.type) {
      case 'hs256': {
        const secret = this.hs256SecretOf(project);
        return secret === null ? null : { key: new TextEncoder().encode(secret), algorithms: ['HS256'], remote: false };
      }
      case 'public-key':
        return { key: await importSPKI(jwt.publicKeyPem, jwt.algorithm), algorithms: [jwt.algorithm], remote: false };
      case 'jwks':
        return { key: this.remoteKeySet(jwt.url), algorithms: ASYMMETRIC_ALGORITHMS, remote: true };
    }
  }

  /** The token's subject: the end user. Throws the matching 401 (or 503/502 for a JWKS fault). */
  async subjectOf(token: string, projectKey: ProjectJwtKey): Promise<string> {
    let subject: unknown;
    try {
      const { payload } = await jwtVerify(token, projectKey.key as Uint8Array, {
        algorithms: [...projectKey.algorithms],
        requiredClaims: ['sub', 'exp'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
      });
      subject = payload.sub;
    } catch (error) {
      throw jwtFailure(error, projectKey.remote);
    }
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
