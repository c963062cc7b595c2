import type { z } from 'zod';
import type { ScopeName } from '../../auth/scopes.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is not JSON (the reference page, its assets, metrics text). */
export interface RawResponse {
  readonly contentType: string;
  readonly description: string;
}

/** A JSON body (zod schema), a non-JSON body, or `null` for no body (204). */
export type ResponseSpec = z.ZodType | RawResponse | null;

interface RouteContractBase {
  readonly method: HttpMethod;
  /** Fastify/Nest syntax (`orders/:orderId`), relative to the API prefix (or to `/` when `root`). */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  /** Defaults to `<Controller>_<method>`. */
  readonly operationId?: string;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Success and route-specific error responses; the common errors are documented for every route. */
  readonly responses: Readonly<Record<number, ResponseSpec>>;
  /** The status sent on success; defaults to the lowest 2xx in `responses`. */
  readonly status?: number;
  /** Served outside API_PREFIX (health, metrics, docs). */
  readonly root?: boolean;
  /**
   * POST only. `replay` (default): the idempotency layer replays the first response for a
   * reused `x-idempotency-key`. `route`: the route reads the key and handles reuse itself.
   * `resource`: the route makes the key part of its write (`@KeyedWriteOf()`, ADR 0305).
   */
  readonly idempotency?: 'replay' | 'route' | 'resource';
  /**
   * The route also accepts an order's client secret raw in Authorization instead of the scope
   * (get order, process payment; COMPAT.md). The handler must check it against the order.
   */
  readonly orderClientSecret?: true;
  /**
   * The handler reads the body's exact bytes as well (`@RawBodyOf()`): a signature over them
   * (a card processor's webhook) cannot be checked on the parsed JSON.
   */
  readonly rawBody?: true;
}

/** A route either requires a scope (any one of a list) or is public: never neither. */
export type RouteContract = RouteContractBase &
  (
    | { readonly scope: ScopeName | readonly [ScopeName, ...ScopeName[]]; readonly public?: never }
    | { readonly public: true; readonly scope?: never }
  );

export const scopesOf = (contract: RouteContract): readonly ScopeName[] =>
  contract.scope === undefined ? [] : typeof contract.scope === 'string' ? [contract.scope] : contract.scope;

export const successStatusOf = (contract: RouteContract): number =>
  contract.status ??
  Object.keys(contract.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b)[0] ??
  (contract.method === 'POST' ? 201 : 200);

export const isRawResponse = (spec: ResponseSpec): spec is RawResponse =>
  spec !== null && typeof spec === 'object' && 'contentType' in spec && typeof spec.contentType === 'string';

/** Where `@Route` keeps a handler's contract (the OpenAPI catalogue and the interceptors read it). */
export const ROUTE_CONTRACT_METADATA = 'paykit:route-contract';
