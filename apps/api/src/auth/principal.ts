/**
 * Who is calling, as established by the auth guard from X-API-KEY (and, for client keys, the
 * Bearer JWT). Every handler scopes its reads and writes to `projectId`.
 */
export type KeyKind = 'server' | 'client';
export type Environment = 'staging' | 'production';

export interface Principal {
  readonly projectId: string;
  readonly environment: Environment;
  readonly keyId: string;
  readonly keyKind: KeyKind;
  /** The key's display prefix (`sk_staging_AbCd1234`): safe to log and show. */
  readonly keyPrefix: string;
  readonly scopes: ReadonlySet<string>;
  /**
   * The end user acted for: the JWT subject under client auth, the `x-service-user-id` header
   * under server auth, or null when a server key acts for no one.
   */
  readonly userId: string | null;
  /**
   * Set when the caller authorized with an order's client secret (raw in Authorization) on a
   * route that accepts one: the handler checks it against the order; the key's scopes do not apply.
   */
  readonly orderClientSecret?: string;
}

/** Fastify request decoration set by the auth guard. */
declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}
