import type { EventStore, EventToAppend, ExpectedRevision } from '@paykit/event-store';
import { benchEvent } from './workload-data.js';

/** Events made before the clock starts: building them is the caller's cost, not the store's. */
export const prepareEvents = (count: number): EventToAppend[] => Array.from({ length: count }, (_, n) => benchEvent(n));

/** Appends single events one after another, spread over streams, each at its exact revision. */
export const sequentialSingleAppends = async (
  store: EventStore,
  events: readonly EventToAppend[],
  streams = 100,
): Promise<void> => {
  const revisions: ExpectedRevision[] = Array.from({ length: streams }, () => 'no_stream');
  for (const [n, event] of events.entries()) {
    const stream = n % streams;
    const result = await store.appendToStream(`order-${stream}`, [event], { expectedRevision: revisions[stream] });
    revisions[stream] = result.nextExpectedRevision;
  }
};

/** Appends the events in batches of `size`, one batch after another, to `streams` streams in turn. */
export const sequentialBatchAppends = async (
  store: EventStore,
  events: readonly EventToAppend[],
  size: number,
  streamPrefix = 'ledger',
  streams = 10,
): Promise<void> => {
  const revisions: ExpectedRevision[] = Array.from({ length: streams }, () => 'no_stream');
  for (let start = 0, b = 0; start < events.length; start += size, b++) {
    const stream = b % streams;
    const result = await store.appendToStream(`${streamPrefix}-${stream}`, events.slice(start, start + size), {
      expectedRevision: revisions[stream],
    });
    revisions[stream] = result.nextExpectedRevision;
  }
};

/** `clients` writers at once, each appending single events to its own stream: what HTTP load looks like. */
export const concurrentSingleAppends = async (
  store: EventStore,
  events: readonly EventToAppend[],
  clients: number,
): Promise<void> => {
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      let expectedRevision: ExpectedRevision = 'no_stream';
      for (let n = client; n < events.length; n += clients) {
        const result = await store.appendToStream(`client-${client}`, [events[n]!], { expectedRevision });
        expectedRevision = result.nextExpectedRevision;
      }
    }),
  );
};

export const readWholeStream = async (store: EventStore, streamName: string): Promise<number> => {
  let count = 0;
  for await (const _event of store.readStream(streamName)) count++;
  return count;
};

/** Subscribes to `$all` from the start and counts until `expected` events were delivered. */
export const catchUpFromStart = async (store: EventStore, expected: number): Promise<number> => {
  const subscription = store.subscribeToAll({ after: 0n });
  let count = 0;
  try {
    for await (const _event of subscription) if (++count >= expected) break;
  } finally {
    await subscription.close();
  }
  return count;
};
