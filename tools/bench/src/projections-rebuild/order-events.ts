import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@paykit/event-store';

const CURRENCIES = ['usdc', 'eurc', 'usd', 'eur'] as const;
const CHAINS = ['base', 'polygon', 'solana', 'stellar'] as const;
const METHODS = ['card', 'bank-transfer', 'crypto'] as const;
/** The life of an order: what each of its events says (about 150-300 B of JSON each). */
const LIFECYCLE = ['OrderCreated', 'OrderQuoted', 'OrderPaymentReceived', 'OrderDelivered', 'OrderCompleted'] as const;

const metadata = (n: number, occurredAt: string) => ({
  eventId: randomUUID(),
  occurredAt,
  projectId: `prj_${n % 20}`,
  actor: { type: 'api-key' as const, id: 'key_bench' },
  correlationId: `req_${n}`,
  causationId: null,
  schemaVersion: 1,
});

/** The events of order number `n`: a seeded mix of currencies, chains and payment methods. */
export const orderEvents = (n: number): EventToAppend[] => {
  const orderId = `ord_${String(n).padStart(10, '0')}`;
  const createdAt = new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString();
  const amount = `${(n % 9_000) + 10}.${String(n % 100).padStart(2, '0')}`;
  const data: Record<(typeof LIFECYCLE)[number], Record<string, unknown>> = {
    OrderCreated: {
      orderId,
      createdAt,
      currency: CURRENCIES[n % CURRENCIES.length],
      chain: CHAINS[n % CHAINS.length],
      paymentMethod: METHODS[n % METHODS.length],
      recipient: { walletAddress: `0x${n.toString(16).padStart(40, '0')}` },
      lineItems: [{ productLocator: `sku:${n % 500}`, quantity: 1 + (n % 3) }],
    },
    OrderQuoted: { orderId, quote: { amount, fee: '0.35', expiresAt: createdAt, rate: '1.0002' } },
    OrderPaymentReceived: { orderId, amount, txId: `0x${(n * 7919).toString(16).padStart(64, '0')}` },
    OrderDelivered: { orderId, txId: `0x${(n * 104729).toString(16).padStart(64, '0')}` },
    OrderCompleted: { orderId, completedAt: createdAt },
  };
  return LIFECYCLE.map((type) => ({ type, data: data[type], metadata: metadata(n, createdAt) }));
};

export const EVENTS_PER_ORDER = LIFECYCLE.length;

/** Appends `orders` orders, each in one append to its own stream, `concurrency` appends at a time. */
export const appendOrders = async (store: EventStore, orders: number, concurrency = 64): Promise<void> => {
  let next = 0;
  const writer = async () => {
    while (next < orders) {
      const n = next++;
      await store.appendToStream(`order-${n}`, orderEvents(n), { expectedRevision: 'no_stream' });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
};
