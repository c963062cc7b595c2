import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '@paykit/event-store';
import { orderStreamName } from '@paykit/orders';
import { sampleOrderEvents, sampleOrderId } from '../orders-list/sample-orders.js';

const PROJECTS = 20;
/** About 100 orders per buyer wallet, as in the orders-list benchmark. */
const walletsFor = (orders: number) => Math.max(1, Math.floor(orders / 100));

/** The events of order number `n` as the API appends them: the decider's events with their metadata. */
const orderEnvelopes = (n: number, wallets: number): EventToAppend[] => {
  const events = sampleOrderEvents(n, wallets);
  const occurredAt = new Date(Date.UTC(2025, 0, 1) + n * 30_000).toISOString();
  return events.map((event) => ({
    type: event.type,
    data: event.data,
    metadata: {
      eventId: randomUUID(),
      occurredAt,
      projectId: `00000000-0000-4000-8000-${String(n % PROJECTS).padStart(12, '0')}`,
      actor: { type: 'api-key' as const, id: 'key_bench' },
      correlationId: `req_${n}`,
      causationId: null,
      schemaVersion: 1,
    },
  }));
};

/**
 * Appends `orders` orders (each one append of its whole lifecycle to `order-<id>`),
 * `concurrency` appends at a time; resolves with the number of events appended.
 */
export const appendSampleOrders = async (store: EventStore, orders: number, concurrency = 64): Promise<number> => {
  const wallets = walletsFor(orders);
  let next = 0;
  let events = 0;
  const writer = async () => {
    while (next < orders) {
      const n = next++;
      const envelopes = orderEnvelopes(n, wallets);
      events += envelopes.length;
      await store.appendToStream(orderStreamName(sampleOrderId(n)), envelopes, { expectedRevision: 'no_stream' });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  return events;
};
