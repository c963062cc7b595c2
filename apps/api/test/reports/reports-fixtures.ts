import type { EventStore, EventToAppend } from '@paykit/event-store';
import { type Platform } from '@paykit/platform';
import { OrderHistory, type OrderPlan } from '@paykit/reconciliation/testing';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { EVENT_STORE } from '../../src/infrastructure/tokens.js';
import { type JsonResponse, fetchJson } from '../support/http-client.js';
import { type TestServer, type TestServerOptions, startServer } from '../support/start-server.js';

const CLI = { actor: { type: 'cli' as const, id: 'test' } };

export interface ReportsServer {
  readonly server: TestServer;
  readonly shop: { readonly projectId: string; readonly reportsKey: string; readonly ordersOnlyKey: string };
  readonly other: { readonly projectId: string; readonly reportsKey: string };
  /** GET with a key (the shop's reports key by default); `accept` sets the Accept header. */
  get<Body = any>(path: string, options?: { key?: string; accept?: string }): Promise<JsonResponse<Body>>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Appends events to the server's store, as the orders module would have. */
  append(events: readonly EventToAppend[]): Promise<void>;
  close(): Promise<void>;
}

/** A real server (sqlite store in a temp DATA_DIR) with two projects and reports keys. */
export const startReportsServer = async (options: TestServerOptions = {}): Promise<ReportsServer> => {
  const server = await startServer({ ...options, env: { RECONCILIATION_OBSERVE_EVERY_MS: 0, ...options.env } });
  const platform = server.app.get<Platform>(PLATFORM);
  const store = server.app.get<EventStore>(EVENT_STORE);
  const project = async (name: string) => {
    const { project: created } = await platform.provisionProject({ name, environment: 'staging' }, CLI);
    const key = async (scopes: string[]) =>
      (await platform.apiKeys.issue({ projectId: created.projectId, kind: 'server', scopes }, CLI)).key;
    return {
      projectId: created.projectId,
      reportsKey: await key(['reports.read']),
      ordersOnlyKey: await key(['orders.read']),
    };
  };
  const shop = await project('Shop');
  const other = await project('Other');
  let batch = 0;
  return {
    server,
    shop,
    other,
    get: (path, { key = shop.reportsKey, accept } = {}) =>
      fetchJson(`${server.baseUrl}${path}`, { headers: { 'x-api-key': key, ...(accept && { accept }) } }),
    append: async (events) => {
      await store.appendToStream(`reportsfixture-${batch++}`, events);
    },
    close: () => server.close(),
  };
};

export const DEPOSIT_ADDRESS = '0x7e57000000000000000000000000000000000001';

/** An order of the shop (or another project) created on `createdAt`, for seeding reports. */
export const orderOf = (
  projectId: string,
  orderId: string,
  kind: 'onramp' | 'offramp',
  overrides: Partial<OrderPlan> = {},
): OrderHistory =>
  new OrderHistory({
    orderId,
    projectId,
    kind,
    createdAt: '2026-06-01T09:00:00.000Z',
    amount: '25',
    fee: '0.25',
    chain: kind === 'offramp' ? 'base-sepolia' : 'solana',
    ...(kind === 'offramp' && { depositAddress: DEPOSIT_ADDRESS, memo: `memo-${orderId}` }),
    ...overrides,
  });
