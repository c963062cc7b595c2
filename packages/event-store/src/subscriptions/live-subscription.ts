import type { RecordedEvent, Subscription, SubscriptionFilter } from '../port.js';

export const matchesFilter = (event: RecordedEvent, filter: SubscriptionFilter | undefined): boolean => {
  if (!filter) return true;
  const { streamNamePrefixes, eventTypePrefixes } = filter;
  if (streamNamePrefixes && !streamNamePrefixes.some((p) => event.streamName.startsWith(p))) return false;
  if (eventTypePrefixes && !eventTypePrefixes.some((p) => event.type.startsWith(p))) return false;
  return true;
};

/**
 * A catch-up subscription over any source that can read `$all` after a position in pages and
 * say when new events may have arrived. It reads page after page from the checkpoint; when a
 * page comes back empty it waits for a wake-up (or a poll interval) and reads again. Because
 * every read starts strictly after the last delivered position, the switch from history to
 * live can neither skip nor repeat an event.
 */
export interface CatchUpSource {
  readPage(after: bigint, maxCount: number): Promise<readonly RecordedEvent[]>;
  /** Registers a wake-up for new appends; returns the unregister function. */
  onAppended(listener: () => void): () => void;
}

export interface CatchUpOptions {
  readonly after?: bigint;
  readonly filter?: SubscriptionFilter;
  readonly pageSize?: number;
  /** Re-read even without a wake-up, for appends made by other processes. */
  readonly pollIntervalMs?: number;
}

export const catchUpSubscription = (source: CatchUpSource, options: CatchUpOptions = {}): Subscription => {
  const pageSize = options.pageSize ?? 1000;
  let closed = false;
  let wake: (() => void) | null = null;
  let pendingWake = false;
  const unregister = source.onAppended(() => {
    pendingWake = true;
    wake?.();
  });
  const waitForNews = () =>
    new Promise<void>((resolve) => {
      if (pendingWake || closed) return resolve();
      const timer = options.pollIntervalMs ? setTimeout(resolve, options.pollIntervalMs) : null;
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
      pendingWake = false;
    });

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let checkpoint = options.after ?? 0n;
    try {
      while (!closed) {
        pendingWake = false;
        const page = await source.readPage(checkpoint, pageSize);
        for (const event of page) {
          if (closed) return;
          checkpoint = event.position;
          if (matchesFilter(event, options.filter)) yield event;
        }
        if (page.length < pageSize) await waitForNews();
      }
    } finally {
      unregister();
    }
  }

  const iterator = iterate();
  return {
    [Symbol.asyncIterator]: () => iterator,
    close: async () => {
      closed = true;
      wake?.();
      unregister();
      await iterator.return(undefined);
    },
  };
};
