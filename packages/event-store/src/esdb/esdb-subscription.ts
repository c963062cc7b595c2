import {
  type EventStoreDBClient,
  type Filter,
  type ResolvedEvent,
  START,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
} from '@eventstore/db-client';
import {
  EventStoreUnavailableError,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionFilter,
} from '../port.js';
import { matchesFilter } from '../subscriptions/live-subscription.js';
import { fromResolved, isSystemEvent, positionOf, toClientPosition } from './esdb-events.js';
import { isUnreachable, toStoreError } from './esdb-errors.js';
import { PullQueue } from './pull-queue.js';

const usable = (prefixes: readonly string[] | undefined): prefixes is readonly string[] =>
  !!prefixes && prefixes.length > 0 && prefixes.every((prefix) => prefix !== '' && !prefix.startsWith('$'));

/**
 * The server-side filter: EventStoreDB filters on stream names or on event types, not both, so
 * it gets the stream prefixes when there are some, else the type prefixes, else "no system
 * events". Prefixes that are not `$`-prefixed exclude system events by themselves. The full
 * filter is applied again here, which also covers the combination the server cannot express.
 */
export const serverFilterFor = (filter: SubscriptionFilter | undefined): Filter => {
  if (usable(filter?.streamNamePrefixes)) return streamNameFilter({ prefixes: [...filter.streamNamePrefixes] });
  if (usable(filter?.eventTypePrefixes)) return eventTypeFilter({ prefixes: [...filter.eventTypePrefixes] });
  return excludeSystemEvents();
};

/** A page of `$all` history: its non-system events, and the position of its last record. */
export interface HistoryPage {
  readonly events: readonly RecordedEvent[];
  readonly through: bigint;
}

export interface EsdbSubscriptionDependencies {
  readonly client: EventStoreDBClient;
  /** The store's position just at or before `after`, for a checkpoint the server rejects (not a record start). */
  readonly alignPosition: (after: bigint) => Promise<bigint>;
  readonly onEnded: (subscription: EsdbSubscription) => void;
  /** Paged reads of `$all` after a position, shared with the store's other readers. */
  readonly history?: (after: bigint) => AsyncIterable<HistoryPage>;
  readonly reconnectDelaysMs?: readonly number[];
}

const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000];

const unfiltered = (filter: SubscriptionFilter | undefined): boolean =>
  !filter?.streamNamePrefixes?.length && !filter?.eventTypePrefixes?.length;

/**
 * A `$all` catch-up subscription on EventStoreDB: history from the checkpoint, then live. A lost
 * connection is not the end: it re-subscribes after the last event it delivered (with backoff)
 * for as long as the store is open, the way the sqlite adapter keeps polling. Closing it ends
 * the iteration; closing the store ends it with EventStoreUnavailableError.
 *
 * An unfiltered subscription (a projection) reads its history with the store's shared paged
 * reads before it subscribes from where they ended: the projections of an instance catching up
 * together then pull and decode each page of `$all` once, not once each.
 */
export class EsdbSubscription implements Subscription {
  private readonly queue: PullQueue<RecordedEvent>;
  private current: ReturnType<EventStoreDBClient['subscribeToAll']> | null = null;
  private lastPosition: bigint;
  private received = false;
  private attempts = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private wakeReader: (() => void) | null = null;

  constructor(
    private readonly deps: EsdbSubscriptionDependencies,
    private readonly options: SubscribeToAllOptions,
  ) {
    this.lastPosition = options.after ?? 0n;
    this.queue = new PullQueue(500, () => {
      this.current?.resume();
      this.wake();
    });
    if (deps.history && unfiltered(options.filter)) void this.catchUp(deps.history);
    else this.open();
  }

  [Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    return this.queue;
  }

  async close(): Promise<void> {
    this.stop();
    this.queue.end();
  }

  /** The store is closing: a waiting consumer learns it is a shutdown, not the end of `$all`. */
  endWithUnavailable(): void {
    this.stop();
    this.queue.fail(new EventStoreUnavailableError('The event store is closed'));
  }

  private stop(): void {
    this.wake();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const current = this.current;
    this.current = null;
    if (current) void current.unsubscribe().catch(() => undefined);
    this.deps.onEnded(this);
  }

  private wake(): void {
    const wakeReader = this.wakeReader;
    this.wakeReader = null;
    wakeReader?.();
  }

  /** History through shared paged reads, then the live subscription from the last record read. */
  private async catchUp(history: (after: bigint) => AsyncIterable<HistoryPage>): Promise<void> {
    try {
      for await (const page of history(this.lastPosition)) {
        if (this.queue.isFinished) return;
        let room = true;
        for (const event of page.events) if (matchesFilter(event, this.options.filter)) room = this.queue.push(event);
        this.lastPosition = page.through;
        this.attempts = 0;
        if (!room) await new Promise<void>((resolve) => (this.wakeReader = resolve));
        if (this.queue.isFinished) return;
      }
    } catch (error) {
      if (this.queue.isFinished) return;
      if (error instanceof EventStoreUnavailableError) {
        this.retryLater(() => void this.catchUp(history));
        return;
      }
      this.queue.fail(error);
      this.stop();
      return;
    }
    if (!this.queue.isFinished) this.open();
  }

  private retryLater(again: () => void): void {
    const delays = this.deps.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
    const delay = delays[Math.min(this.attempts++, delays.length - 1)] ?? 1000;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.queue.isFinished) again();
    }, delay);
  }

  private open(): void {
    const subscription = this.deps.client.subscribeToAll({
      fromPosition: this.lastPosition > 0n ? toClientPosition(this.lastPosition) : START,
      filter: serverFilterFor(this.options.filter),
    });
    this.current = subscription;
    subscription.on('data', (resolved: ResolvedEvent) => {
      if (this.current !== subscription) return;
      this.attempts = 0;
      this.received = true;
      if (isSystemEvent(resolved)) return;
      try {
        this.lastPosition = positionOf(resolved);
        const event = fromResolved(resolved);
        if (matchesFilter(event, this.options.filter) && !this.queue.push(event)) subscription.pause();
      } catch (error) {
        this.queue.fail(error);
        this.stop();
      }
    });
    subscription.on('error', (error: unknown) => {
      if (this.current === subscription) void this.recover(error);
    });
  }

  private async recover(error: unknown): Promise<void> {
    this.current = null;
    if (this.queue.isFinished) return;
    if (isUnreachable(error)) {
      this.retryLater(() => this.open());
      return;
    }
    // The server refuses a starting point that is not where a record starts: start from the
    // record at or before it instead (events strictly after the checkpoint are the same).
    if (!this.received && this.lastPosition > 0n && this.attempts === 0) {
      this.attempts++;
      try {
        const aligned = await this.deps.alignPosition(this.lastPosition);
        if (aligned !== this.lastPosition) {
          this.lastPosition = aligned;
          if (!this.queue.isFinished) this.open();
          return;
        }
      } catch (alignError) {
        error = alignError;
      }
    }
    this.queue.fail(toStoreError(error, 'subscribeToAll'));
    this.stop();
  }
}
