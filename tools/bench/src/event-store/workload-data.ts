import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '@paykit/event-store';

/** An event's data of about 150 bytes of JSON, like a small payment event. */
export const eventData = (n: number) => ({
  orderId: `ord_${String(n).padStart(12, '0')}`,
  amount: `${(n % 100_000) + 1}.25`,
  currency: 'USDC',
  customerId: `cus_${String(n * 7).padStart(10, '0')}`,
  note: 'benchmark payload, card ending 4242',
});

export const DATA_BYTES = Buffer.byteLength(JSON.stringify(eventData(123_456)));

/** What the adapter appends: the same data plus the metadata every real event carries. */
export const benchEvent = (n: number): EventToAppend => ({
  type: 'OrderPaid',
  data: eventData(n),
  metadata: {
    eventId: randomUUID(),
    occurredAt: '2026-11-21T12:00:00.000Z',
    projectId: 'prj_benchmark',
    actor: { type: 'api-key', id: 'key_benchmark' },
    correlationId: 'req_benchmark',
    causationId: null,
    schemaVersion: 1,
  },
});
