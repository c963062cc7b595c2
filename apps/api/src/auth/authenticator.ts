import type { Clock } from '@paykit/kernel';
import {
  type ApiKey,
  type Environment,
  type Platform,
  type Project,
  type Scope,
  grantIncludes,
  isClientSideScope,
} from '@paykit/platform';
import { sha256Hex } from '@paykit/kernel';
import { AuthErrors } from './auth-errors.js';
import { type ProjectJwtKey, JwtVerifier } from './jwt/jwt-verifier.js';
import type { Principal } from './principal.js';
import { TtlCache } from './ttl-cache.js';

/** The credentials of one request, as sent. */
export interface Credentials {
  readonly apiKey: string | undefined;
  readonly authorization: string | undefined;
  readonly serviceUserId: string | undefined;
}

export interface AuthenticatorOptions {
  readonly environment: Environment;
  /**
   * How long an authenticated key (and its project's JWT settings) is trusted without reading
   * the store again. A revocation made in this process takes effect at once; one made by
   * another process (the CLI, another instance) within this delay.
   */
  readonly cacheTtlMs: number;
}

interface ProjectAuth {
  readonly project: Project;
  readonly jwtKey: ProjectJwtKey | null;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
export const SERVICE_USER_ID = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

/**
 * Turns a request's credentials into a Principal for a route requiring `requiredScopes` (any
 * one of them; none for a route any valid key may use), or throws the matching 401/403.
 */
export class Authenticator {
  private readonly keys: TtlCache<ApiKey>;
  private readonly projects: TtlCache<ProjectAuth>;
  private readonly jwt: JwtVerifier;

  constructor(
    private readonly platform: Platform,
    clock: Clock,
    private readonly options: AuthenticatorOptions,
  ) {
    this.keys = new TtlCache(clock, options.cacheTtlMs);
    this.projects = new TtlCache(clock, options.cacheTtlMs);
    this.jwt = new JwtVerifier((project) => platform.projects.hs256Secret(project));
    platform.apiKeys.onRevoked((keyHash) => this.forgetKey(keyHash));
  }

  async authenticate(credentials: Credentials, requiredScopes: readonly Scope[]): Promise<Principal> {
    const apiKey = await this.apiKeyOf(credentials.apiKey);
    if (apiKey.environment !== this.options.environment) {
      throw AuthErrors.wrongEnvironment(apiKey.environment, this.options.environment);
    }
    if (apiKey.kind === 'client' && requiredScopes.length > 0 && !requiredScopes.some(isClientSideScope)) {
      throw AuthErrors.serverKeyRequired();
    }
    if (requiredScopes.length > 0 && !requiredScopes.some((scope) => grantIncludes(apiKey.scopes, scope))) {
      throw AuthErrors.missingScope(requiredScopes);
    }
    const userId =
      apiKey.kind === 'client'
        ? await this.jwtSubject(apiKey, credentials.authorization)
        : serviceUser(credentials.serviceUserId);
    return { ...keyPrincipal(apiKey), scopes: scopeSetOf(apiKey), userId };
  }

  /**
   * For a route that accepts an order's client secret: any valid key of this environment, with
   * the secret instead of a scope or a JWT (the handler checks the secret against the order).
   */
  async authenticateWithOrderClientSecret(credentials: Credentials, clientSecret: string): Promise<Principal> {
    const apiKey = await this.apiKeyOf(credentials.apiKey);
    if (apiKey.environment !== this.options.environment) {
      throw AuthErrors.wrongEnvironment(apiKey.environment, this.options.environment);
    }
    return { ...keyPrincipal(apiKey), scopes: new Set(), userId: null, orderClientSecret: clientSecret };
  }

  /**
   * The caller's project as authentication last read it: cached like keys, and dropped from the
   * cache when its settings change, so hot read routes need not read its stream per request.
   */
  async project(projectId: string): Promise<Project> {
    return (await this.projectAuth(projectId)).project;
  }

  /** Drops a key from the cache: its next use reads the store. */
  forgetKey(keyHash: string): void {
    this.keys.delete(keyHash);
  }

  /** Drops a project's JWT settings from the cache (they changed). */
  forgetProject(projectId: string): void {
    this.projects.delete(projectId);
  }

  private async apiKeyOf(raw: string | undefined): Promise<ApiKey> {
    if (raw === undefined || raw.trim() === '') throw AuthErrors.missingKey();
    const keyHash = sha256Hex(raw);
    const cached = this.keys.get(keyHash);
    if (cached) return cached;
    const result = await this.platform.apiKeys.authenticate(raw);
    switch (result.outcome) {
      case 'malformed':
        throw AuthErrors.malformedKey();
      case 'unknown':
        throw AuthErrors.unknownKey();
      case 'revoked':
        throw AuthErrors.revokedKey();
      case 'authenticated':
        this.keys.set(keyHash, result.apiKey);
        return result.apiKey;
    }
  }

  private async jwtSubject(apiKey: ApiKey, authorization: string | undefined): Promise<string> {
    const { jwtKey } = await this.projectAuth(apiKey.projectId);
    if (jwtKey === null) throw AuthErrors.clientAuthNotConfigured();
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token === undefined) throw AuthErrors.missingJwt();
    return this.jwt.subjectOf(token, jwtKey);
  }

  private async projectAuth(projectId: string): Promise<ProjectAuth> {
    const cached = this.projects.get(projectId);
    if (cached) return cached;
    const project = await this.platform.projects.get(projectId);
    // A key whose project is gone (never in practice: projects are not deleted) cannot authenticate.
    if (!project) throw AuthErrors.unknownKey();
    const auth = { project, jwtKey: await this.jwt.keyFor(project) };
    this.projects.set(projectId, auth);
    return auth;
  }
}

/** Server keys may act for an end user named in x-service-user-id; absent means no one. */
const serviceUser = (header: string | undefined): string | null => {
  if (header === undefined) return null;
  if (!SERVICE_USER_ID.test(header)) throw AuthErrors.invalidServiceUserId();
  return header;
};

/** A key's scopes as a set, made once per key read (the cache hands out the same ApiKey object). */
const scopeSets = new WeakMap<ApiKey, ReadonlySet<string>>();
const scopeSetOf = (apiKey: ApiKey): ReadonlySet<string> => {
  let scopes = scopeSets.get(apiKey);
  if (!scopes) scopeSets.set(apiKey, (scopes = new Set(apiKey.scopes)));
  return scopes;
};

/** What every principal says of the key it came with. */
const keyPrincipal = (apiKey: ApiKey) => ({
  projectId: apiKey.projectId,
  environment: apiKey.environment,
  keyId: apiKey.keyId,
  keyKind: apiKey.kind,
  keyPrefix: apiKey.displayPrefix,
});
