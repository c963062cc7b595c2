import { randomUUID } from 'node:crypto';
import { getOrThrow } from '@paykit/kernel';
import { type OrderCommand, type PriceTableEntry, quoteOrder } from '@paykit/orders';
import { type Platform } from '@paykit/platform';
import { PLATFORM } from '../../src/auth/platform.provider.js';
import { Aggregates } from '../../src/infrastructure/aggregates/aggregates.js';
import { OrderAggregate } from '../../src/orders/order.aggregate.js';
import { fetchJson } from '../support/http-client.js';
import { type TestServer, startServer } from '../support/start-server.js';

/**
 * Orders for the list tests, placed by the orders decider on the server's own event store (the
 * events the create and payment routes append), so every payment and delivery status can be
 * reached in a few commands without providers.
 */

const TOKEN = 'base-sepolia:0x4444444444444444444444444444444444444444';
const QUOTE_TTL_SECONDS = 300;

const tokenPrice: PriceTableEntry = {
  itemLocator: TOKEN,
  itemDecimals: 18,
  currency: 'usd',
  currencyDecimals: 2,
  unitPrice: '2500',
  fees: [{ type: 'service-fee', rateBps: '150', fixed: '0.30' }],
  salesTaxRate: '0',
};
const payoutPrice: PriceTableEntry = {
  itemLocator: 'fiat:usd',
  itemDecimals: 2,
  currency: 'usdc',
  currencyDecimals: 6,
  unitPrice: '1',
  fees: [{ type: 'service-fee', rateBps: '100' }],
  salesTaxRate: '0',
};

/** Where an order ends: its payment filter value, then its delivery filter value. */
export type Outcome =
  | 'awaiting' // quote-phase, not-started
  | 'expired' // expired, not-started
  | 'authorizing' // in-progress, not-started
  | 'declined' // declined, not-started
  | 'paid' // succeeded, in-progress
  | 'delivered' // succeeded, delivered
  | 'delivery-failed' // succeeded, failed
  | 'refunded'; // refunded, failed

export interface OrderSpec {
  readonly kind: 'onramp' | 'offramp';
  readonly outcome?: Outcome;
  /** The onramp recipient or the offramp payer. */
  readonly wallet?: string;
  /** Default: now. */
  readonly createdAt?: string;
}

export interface PlacedOrder {
  readonly orderId: string;
  readonly createdAt: string;
  readonly position: bigint;
}

const at = (createdAt: string, seconds: number) => new Date(Date.parse(createdAt) + seconds * 1000).toISOString();

const createCommand = (orderId: string, spec: OrderSpec, createdAt: string): OrderCommand => {
  const onramp = spec.kind === 'onramp';
  const quote = getOrThrow(
    quoteOrder({
      price: onramp ? tokenPrice : payoutPrice,
      execution: { mode: 'exact-in', amount: onramp ? '100' : '250', ...(onramp && { maxSlippageBps: '500' }) },
      quotedAt: createdAt,
      ttlSeconds: QUOTE_TTL_SECONDS,
    }),
  );
  const wallet = spec.wallet ?? '0x1111111111111111111111111111111111111111';
  return {
    type: 'CreateOrder',
    data: {
      orderId,
      createdAt,
      clientSecretHash: 'a'.repeat(64),
      buyer: { userLocator: 'userId:list-buyer' },
      quote,
      ...(onramp
        ? {
            payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
            lineItems: [
              {
                tokenLocator: TOKEN,
                executionParameters: { amount: '100', maxSlippageBps: '500' },
                metadata: { name: 'Test Token', description: 'A token', imageUrl: 'https://img/t.png' },
              },
            ],
            recipient: { walletAddress: wallet },
            kyc: { standing: 'unverified', noKycThreshold: { amount: '500', currency: 'usd' } },
          }
        : {
            payment: { method: 'base-sepolia', currency: 'usdc', payerAddress: wallet },
            lineItems: [
              {
                currencyLocator: 'fiat:usd',
                executionParameters: { mode: 'exact-in', amount: '250' },
                metadata: { name: 'US Dollar', description: 'Paid out', imageUrl: 'https://img/usd.png' },
              },
            ],
            recipient: { paymentMethodId: '0f8e7d6c-5b4a-4321-8fed-cba987654321', payoutCurrency: 'usd' },
            kyc: { standing: 'verified' },
            deposit: {
              address: '0x3333333333333333333333333333333333333333',
              memo: `memo-${orderId.slice(0, 8)}`,
              serializedTransaction: '0x02f8',
            },
          }),
    },
  };
};

const paymentCommands = (spec: OrderSpec, orderId: string, createdAt: string): OrderCommand[] => {
  const later = at(createdAt, 1);
  if (spec.kind === 'offramp') {
    return [
      {
        type: 'RecordCryptoDeposit',
        data: {
          chain: 'base-sepolia',
          txId: `0xdep${orderId.slice(0, 8)}`,
          amount: '250',
          currency: 'usdc',
          memo: `memo-${orderId.slice(0, 8)}`,
          receivedAt: later,
        },
      },
    ];
  }
  return [
    {
      type: 'AuthorizeCardPayment',
      data: { paymentId: `pay-${orderId}`, amount: { amount: '100', currency: 'usd' }, now: later },
    },
    { type: 'RecordCardPaymentResult', data: { paymentId: `pay-${orderId}`, at: later, outcome: 'succeeded' } },
  ];
};

const commandsFor = (spec: OrderSpec, orderId: string, createdAt: string): OrderCommand[] => {
  const later = at(createdAt, 1);
  const paid = () => paymentCommands(spec, orderId, createdAt);
  const startDelivery: OrderCommand = {
    type: 'StartDelivery',
    data: {
      deliveryId: `dl-${orderId}`,
      ...(spec.kind === 'onramp' ? { executionPrice: '2500' } : { rail: 'ach' }),
      startedAt: later,
    },
  };
  const failDelivery: OrderCommand = {
    type: 'FailDelivery',
    data: { code: 'delivery-failed', message: 'The transfer failed', failedAt: later },
  };
  switch (spec.outcome ?? 'awaiting') {
    case 'awaiting':
      return [];
    case 'expired':
      return [{ type: 'ExpireQuote', data: { now: at(createdAt, QUOTE_TTL_SECONDS) } }];
    case 'authorizing':
      return [
        {
          type: 'AuthorizeCardPayment',
          data: { paymentId: `pay-${orderId}`, amount: { amount: '100', currency: 'usd' }, now: later },
        },
      ];
    case 'declined':
      return [
        {
          type: 'AuthorizeCardPayment',
          data: { paymentId: `pay-${orderId}`, amount: { amount: '100', currency: 'usd' }, now: later },
        },
        { type: 'RecordCardPaymentResult', data: { paymentId: `pay-${orderId}`, at: later, outcome: 'declined' } },
      ];
    case 'paid':
      return paid();
    case 'delivered':
      return [
        ...paid(),
        startDelivery,
        {
          type: 'CompleteDelivery',
          data: {
            deliveryId: `dl-${orderId}`,
            txId: '0xtx',
            token: { symbol: 'TT', decimals: 18 },
            completedAt: later,
          },
        },
      ];
    case 'delivery-failed':
      return [...paid(), failDelivery];
    case 'refunded':
      return [
        ...paid(),
        failDelivery,
        {
          type: 'Refund',
          data: {
            amount: { amount: '100', currency: 'usd' },
            reason: 'delivery-failed',
            reference: `re-${orderId}`,
            refundedAt: later,
          },
        },
      ];
  }
};

/** Places an order of `projectId` and drives it to its outcome; answers its id and last position. */
export const placeOrder = async (server: TestServer, projectId: string, spec: OrderSpec): Promise<PlacedOrder> => {
  const aggregates = server.app.get(Aggregates);
  const orderId = randomUUID();
  const createdAt = spec.createdAt ?? new Date().toISOString();
  const context = { projectId, actor: { type: 'system' as const, id: 'list-test' }, correlationId: orderId };
  let position = 0n;
  for (const command of [createCommand(orderId, spec, createdAt), ...commandsFor(spec, orderId, createdAt)]) {
    ({ position } = await aggregates.execute(OrderAggregate, orderId, command, context));
  }
  return { orderId, createdAt, position };
};

/** `count` seconds apart from `start`, oldest first. */
export const timesFrom = (start: string, count: number): string[] =>
  Array.from({ length: count }, (_, index) => at(start, index));

/**
 * A server whose order worker never ticks, so orders keep the statuses the fixtures drove them
 * to (no quote expires, no delivery starts on its own), and whose read budget does not get in
 * the way of tests that walk many pages.
 */
export const startListServer = (): Promise<TestServer> =>
  startServer({ env: { ORDER_WORKER_INTERVAL_MS: 86_400_000, RATE_LIMIT_READS_PER_MIN: 100_000 } });

/** An onramp order through POST /2022-06-09/orders, to a wallet of the service with an owner. */
export const postOnrampOrder = async (server: TestServer, key: string, walletAddress: string): Promise<string> => {
  const created = await fetchJson(`${server.baseUrl}/2022-06-09/orders`, {
    headers: { 'x-api-key': key },
    body: {
      recipient: { walletAddress },
      payment: { method: 'card', currency: 'usd', receiptEmail: 'buyer@example.com' },
      lineItems: [{ tokenLocator: 'base-sepolia:usdc', executionParameters: { amount: '10' } }],
    },
  });
  if (created.status !== 201) throw new Error(`POST /2022-06-09/orders answered ${created.status}: ${created.text}`);
  return created.body.order.orderId;
};

/** A wallet of the service owned by a user: what an onramp order may deliver to. */
export const ownedWallet = async (server: TestServer, key: string, owner: string): Promise<string> => {
  const wallet = await fetchJson(`${server.baseUrl}/2025-06-09/wallets`, {
    headers: { 'x-api-key': key },
    body: { chainType: 'evm', type: 'mpc', owner },
  });
  if (wallet.status !== 201) throw new Error(`POST /2025-06-09/wallets answered ${wallet.status}: ${wallet.text}`);
  return wallet.body.address;
};

export interface ListingProject {
  readonly projectId: string;
  readonly serverKey: string;
}

export const provisionProject = async (server: TestServer, name: string): Promise<ListingProject> => {
  const platform = server.app.get<Platform>(PLATFORM);
  const { project, serverKey } = await platform.provisionProject(
    { name, environment: 'staging' },
    { actor: { type: 'cli', id: 'list-test' } },
  );
  return { projectId: project.projectId, serverKey };
};

/** GET /2022-06-09/orders with a query string as written (repeated parameters stay repeated). */
export const listOrders = (server: TestServer, key: string, query = '') =>
  fetchJson(`${server.baseUrl}/2022-06-09/orders${query === '' ? '' : `?${query}`}`, { headers: { 'x-api-key': key } });

/** Follows nextCursor from the first page to the end; answers every order id seen, in order. */
export const walkAll = async (server: TestServer, key: string, query: string): Promise<string[]> => {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await listOrders(
      server,
      key,
      [query, cursor && `cursor=${encodeURIComponent(cursor)}`].filter(Boolean).join('&'),
    );
    if (page.status !== 200) throw new Error(`page answered ${page.status}: ${page.text}`);
    seen.push(...(page.body.data as { orderId: string }[]).map((order) => order.orderId));
    cursor = page.body.nextCursor ?? undefined;
    if (cursor === undefined) return seen;
  }
  throw new Error('the walk did not end');
};
