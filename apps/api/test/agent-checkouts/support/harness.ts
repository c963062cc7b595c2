/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON answers field by field */
import type { ModuleMetadata } from '@nestjs/common';
import {
  DEFAULT_ACP_API_KEY,
  DEFAULT_MERCHANT_ID,
  type DemoMerchant,
  type DemoMerchantOptions,
  createDemoMerchant,
} from '@paykit/demo-merchant';
import type { EventStore } from '@paykit/event-store';
import { randomIds } from '@paykit/kernel';
import type { Platform } from '@paykit/platform';
import { SignJWT } from 'jose';
import type { CreateAppOptions } from '../../../src/app.js';
import { PLATFORM } from '../../../src/auth/platform.provider.js';
import { type JsonResponse, fetchJson } from '../../support/http-client.js';
import { type TestServer, startServer } from '../../support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };
const JWT_SECRET = 'agent-checkout-tests-shared-secret-of-32-chars';

/** Who calls: a server key acting for a user (or for no one: the service subject), or a client key with a user's JWT. */
export type As = { readonly user: string; readonly via?: 'server' | 'client' } | { readonly service: true };

export interface HarnessOptions {
  readonly env?: Record<string, string | number>;
  readonly imports?: ModuleMetadata['imports'];
  readonly eventStore?: EventStore;
  /** Start the demo merchant (default true). */
  readonly shop?: boolean;
  /** The demo merchant's options (e.g. `agenticCheckout: false`: a plain web shop for browser runs). */
  readonly shopOptions?: DemoMerchantOptions;
  /** Where the server's log lines go (the default: nowhere, at LOG_LEVEL silent). */
  readonly logDestination?: CreateAppOptions['logDestination'];
}

export interface Harness {
  readonly server: TestServer;
  readonly shop: DemoMerchant;
  readonly platform: Platform;
  readonly projectId: string;
  readonly serverKey: string;
  readonly clientKey: string;
  /** Where the shop's processor asks about virtual cards (the API's sandbox card network); unset, it declines them. */
  readonly cardNetwork: { url?: string | undefined };
  /** The environment the server was started with (DATA_DIR included): a separate runner uses the same. */
  readonly env: Record<string, string | number>;
  /** Headers that make a request act `as` someone. */
  headers(as: As): Promise<Record<string, string>>;
  call<Body = any>(
    method: string,
    path: string,
    options?: { as?: As; body?: unknown; headers?: Record<string, string> },
  ): Promise<JsonResponse<Body>>;
  /** A server key of the same project holding only `scopes`. */
  keyWith(scopes: string[]): Promise<string>;
  product(slug: string): string;
  close(): Promise<void>;
}

export const ALICE: As = { user: 'alice' };
export const BOB: As = { user: 'bob' };

/**
 * The API over real HTTP with a project (server and client keys, HS256 user JWTs) and the demo
 * merchant on 127.0.0.1, allow-listed. Runs use the in-memory store unless the env says otherwise.
 */
export const startHarness = async (options: HarnessOptions = {}): Promise<Harness> => {
  // The shop's processor asks the API's sandbox card network about virtual cards, once the API is up.
  const network: { url?: string | undefined } = {};
  const shop = await createDemoMerchant({
    seed: `api-agent-checkouts-${randomIds.uuid()}`,
    cardNetworkUrl: () => network.url,
    ...options.shopOptions,
  });
  const env: Record<string, string | number> = {
    EVENT_STORE: 'memory',
    LOG_LEVEL: 'silent',
    AGENT_CHECKOUT_ALLOWED_HOSTS: new URL(shop.url).host,
    // The deployment's credential for the demo merchant's agentic-checkout API (its documented test key).
    AGENT_CHECKOUT_ACP_CREDENTIALS: JSON.stringify({
      [new URL(shop.url).origin]: { token: DEFAULT_ACP_API_KEY, merchantId: DEFAULT_MERCHANT_ID },
    }),
    AGENT_CHECKOUT_DRAIN_MS: 200,
    RATE_LIMIT_WRITES_PER_MIN: 100_000,
    RATE_LIMIT_READS_PER_MIN: 100_000,
    ...options.env,
  };
  const server = await startServer({
    ...(options.imports ? { imports: options.imports } : {}),
    ...(options.eventStore ? { eventStore: options.eventStore } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    env,
  }).catch(async (error: unknown) => {
    await shop.close();
    throw error;
  });
  network.url = `${server.rootUrl}/sandbox/card-network/authorizations`;
  const platform = server.app.get<Platform>(PLATFORM);
  const provisioned = await platform.provisionProject(
    { name: 'Agent shop', environment: 'staging', jwt: { type: 'hs256', secret: JWT_SECRET } },
    CLI,
  );
  const { serverKey, clientKey } = provisioned;
  const secret = new TextEncoder().encode(JWT_SECRET);

  const headers = async (as: As): Promise<Record<string, string>> => {
    if ('service' in as) return { 'x-api-key': serverKey };
    if (as.via === 'client') {
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(as.user)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(secret);
      return { 'x-api-key': clientKey, authorization: `Bearer ${jwt}` };
    }
    return { 'x-api-key': serverKey, 'x-service-user-id': as.user };
  };

  return {
    server,
    shop,
    platform,
    projectId: provisioned.project.projectId,
    serverKey,
    clientKey,
    cardNetwork: network,
    env: { ...env, DATA_DIR: server.dataDir },
    headers,
    call: async (method, path, { as = ALICE, body, headers: extra = {} } = {}) =>
      fetchJson(`${server.baseUrl}${path}`, {
        method,
        headers: { ...(await headers(as)), ...extra },
        ...(body === undefined ? {} : { body }),
      }),
    keyWith: async (scopes) =>
      (
        await platform.apiKeys.issue(
          { projectId: provisioned.project.projectId, kind: 'server', scopes: scopes as never },
          CLI,
        )
      ).key,
    product: (slug) => `${shop.url}/products/${slug}`,
    close: async () => {
      await server.close();
      await shop.close();
    },
  };
};

/** A create body for the demo merchant's product. */
export const runBody = (startUrl: string, maxCost: string, extra: Record<string, unknown> = {}) => ({
  constraints: { maxCost: { amount: maxCost, currency: 'USD' } },
  request: { startUrl, ...(extra['task'] === undefined ? {} : { task: extra['task'] }) },
  ...Object.fromEntries(Object.entries(extra).filter(([key]) => key !== 'task')),
});

export const FINAL = ['succeeded', 'failed', 'blocked', 'cancelled'];

/** Polls the run until `predicate` holds (the API is the only way in), failing with its last snapshot. */
export const waitForRun = async (
  h: Harness,
  runId: string,
  predicate: (snapshot: any) => boolean,
  { as = ALICE, timeoutMs = 15_000, headers }: { as?: As; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<any> => {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const response = await h.call('GET', `/unstable/agent-checkouts/${runId}`, { as, ...(headers ? { headers } : {}) });
    last = response.body;
    if (response.status === 200 && predicate(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${runId} did not reach the expected state; last: ${JSON.stringify(last)}`);
};

export const isFinalSnapshot = (snapshot: { status: string }) => FINAL.includes(snapshot.status);
