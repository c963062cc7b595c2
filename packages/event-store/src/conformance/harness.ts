import { randomBytes, randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend, RecordedEvent, SubscribeToAllOptions, Subscription } from '../port.js';

/** Storage for one case: opened once, and again after a close to simulate a restart. */
export interface ConformanceStorage {
  open(): Promise<EventStore>;
  /** Removes what the case wrote (temp directories); stores are already closed. */
  destroy(): Promise<void>;
}

export interface EventStoreConformanceFactory {
  /** False when data lives only as long as the store object (memory): restart cases are skipped. */
  readonly persistent: boolean;
  /** Fresh storage for one case. Cases never assume it is empty (a shared server is fine). */
  createStorage(): Promise<ConformanceStorage>;
}

export interface ConformanceCase {
  readonly name: string;
  readonly requiresPersistence?: boolean;
  readonly timeoutMs?: number;
  run(context: CaseContext): Promise<void>;
}

/**
 * What a case works with. Every stream name starts with a prefix unique to the case, so cases
 * can filter `$all` down to their own events even on a server that other writers share.
 */
export class CaseContext {
  readonly prefix = `conf${randomBytes(4).toString('hex')}_`;
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly storage: ConformanceStorage,
    private current: EventStore,
  ) {}

  get store(): EventStore {
    return this.current;
  }

  stream(name: string): string {
    return `${this.prefix}${name}`;
  }

  /** A subscription that is closed when the case ends, whatever happens. */
  subscribe(options: SubscribeToAllOptions = {}): Subscription {
    const subscription = this.current.subscribeToAll(options);
    this.subscriptions.push(subscription);
    return subscription;
  }

  /** Only this case's events in `$all`, from a position on. */
  async ownEventsAfter(after: bigint): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.current.readAll({ after })) {
      if (event.streamName.startsWith(this.prefix)) events.push(event);
    }
    return events;
  }

  async restart(): Promise<EventStore> {
    await this.closeAll();
    this.current = await this.storage.open();
    return this.current;
  }

  async dispose(): Promise<void> {
    await this.closeAll();
    await this.storage.destroy();
  }

  private async closeAll(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) await subscription.close();
    await this.current.close();
  }
}

export const testEvent = (type: string, data: unknown = {}): EventToAppend => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    occurredAt: '2026-01-01T00:00:00.000Z',
    projectId: null,
    actor: { type: 'system', id: 'conformance' },
    correlationId: 'conformance',
    causationId: null,
    schemaVersion: 1,
  },
});

export const numberedEvents = (count: number, type = 'Numbered', from = 0): EventToAppend[] =>
  Array.from({ length: count }, (_, i) => testEvent(type, { n: from + i }));

export const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

/**
 * The next `count` events of a subscription. Uses the iterator directly (a `for await` that
 * breaks would end the subscription), so successive calls continue where the last stopped.
 * Fails with what was received if the events do not arrive in time.
 */
export const take = async (subscription: Subscription, count: number, timeoutMs = 15_000): Promise<RecordedEvent[]> => {
  const received: RecordedEvent[] = [];
  const iterator = subscription[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the subscription delivered ${received.length} of ${count} events in ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    while (received.length < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) throw new Error(`the subscription ended after ${received.length} of ${count} events`);
      received.push(next.value);
    }
    return received;
  } finally {
    clearTimeout(timer);
  }
};

/** What identifies an event across reads: compare these instead of whole objects. */
export const positionsOf = (events: readonly RecordedEvent[]): bigint[] => events.map((event) => event.position);

export const expectStrictlyIncreasing = (values: readonly bigint[]): void => {
  for (let i = 1; i < values.length; i++) {
    if (!(values[i]! > values[i - 1]!)) {
      throw new Error(`not strictly increasing at index ${i}: ${values[i - 1]} then ${values[i]}`);
    }
  }
};
