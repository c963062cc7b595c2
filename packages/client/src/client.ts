import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/paykit-api.js';

export interface PayKitClientOptions {
  /** The API's `{base_url}`, prefix included: `http://localhost:3000/api`. */
  readonly baseUrl: string;
  /** A server key `sk_<env>_...`, or a client key `ck_<env>_...` with `userJwt`. */
  readonly apiKey: string;
  /** Under a server key, the end user to act for (`x-service-user-id`). */
  readonly serviceUserId?: string;
  /** Under a client key, the end user's token (`Authorization: Bearer ...`). */
  readonly userJwt?: string;
  /** Another fetch (a test double of the network, a proxy agent); the global one by default. */
  readonly fetch?: typeof globalThis.fetch;
}

/**
 * A typed client of every route under the API prefix: paths, parameters, bodies and answers
 * come from the generated OpenAPI types, so a wrong field is a compile error.
 *
 * ```ts
 * const paykit = createPayKitClient({ baseUrl, apiKey });
 * const wallet = await expectOk(paykit.POST('/2025-06-09/wallets', { body: { chainType: 'evm', type: 'mpc' } }));
 * ```
 */
export type PayKitClient = Client<paths>;

export const createPayKitClient = (options: PayKitClientOptions): PayKitClient =>
  createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: {
      'x-api-key': options.apiKey,
      ...(options.serviceUserId === undefined ? {} : { 'x-service-user-id': options.serviceUserId }),
      ...(options.userJwt === undefined ? {} : { authorization: `Bearer ${options.userJwt}` }),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
