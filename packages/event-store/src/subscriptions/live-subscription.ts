import type { RecordedEvent, Subscription, SubscriptionFilter } from '../port.js';

export const matchesFilter = (event: RecordedEvent, filter: SubscriptionFilter | undefined): boolean => {
  if (!filter) return true;
  const { streamNamePrefixes, eventTypePrefixes } = filter;
  if (streamNamePrefixes && !streamNamePrefixes.some((p) => event.streamName.startsWith(p))) return false;
  if (eventTypePrefixes && !eventTypePrefixes.some((p) => event.type.startsWith(p))) return false;
  return true;
};

/**
 * What a catch-up subscription needs from an adapter: read `$all` strictly after a position in
 * pages (ascending, only committed events, never a gap below the last one returned; a page may
 * be shorter than asked, only an empty one means "nothing more now"), and say when new events
 * may have been committed.
 */
export interface CatchUpSource {
  readPage(after: bigint, maxCount: number): Promise<readonly RecordedEvent[]>;
  /**
   * Registers a wake-up, called after every commit that may have added events (and on close,
   * so a waiting subscription re-reads and sees the failure). Returns the unregister function.
   */
  onAppended(listener: () => void): () => void;
}

export interface CatchUpOptions {
  readonly after?: bigint;
  readonly filter?: SubscriptionFilter;
  readonly pageSize?: number;
  /** Re-read even without a wake-up, for appends made by other processes. */
  readonly pollIntervalMs?: number;
}

/**
 * A catch-up subscription over any CatchUpSource. It reads page after page strictly after the
 * last position it has seen; when a page comes back empty it waits for a wake-up (or the poll
 * interval) and reads again. Every read starts after the last delivered position, so the turn
 * from history to live can neither skip nor repeat an event. Wake-ups are counted rather than
 * flagged: a read only waits if no wake-up arrived since that read began, so a commit that
 * lands while a page is being read or delivered is never slept through.
 */
export const catchUpSubscription = (source: CatchUpSource, options: CatchUpOptions = {}): Subscription => {
  const pageSize = options.pageSize ?? 1000;
  let closed = false;
  let wakeups = 0;
  let wake: (() => void) | null = null;
  const unregister = source.onAppended(() => {
    wakeups++;
    wake?.();
  });

  const waitForWakeupAfter = (seen: number) =>
    new Promise<void>((resolve) => {
      if (wakeups !== seen || closed) return resolve();
      const timer = options.pollIntervalMs ? setTimeout(resolve, options.pollIntervalMs) : null;
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  async function* iterate(): AsyncGenerator<RecordedEvent> {
    let checkpoint = options.after ?? 0n;
    try {
      while (!closed) {
        const seen = wakeups;
        const page = await source.readPage(checkpoint, pageSize);
        for (const event of page) {
          if (closed) return;
          checkpoint = event.position;
          if (matchesFilter(event, options.filter)) yield event;
        }
        if (page.length === 0) await waitForWakeupAfter(seen);
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
