import {
  type EventStoreDBClient,
  type PersistentSubscriptionToAllResolvedEvent,
  PersistentSubscriptionExistsError,
  START,
  persistentSubscriptionToAllSettingsFromDefaults,
  streamNameFilter,
} from '@eventstore/db-client';
import { EventStoreUnavailableError, type RecordedEvent } from '../port.js';
import { fromResolved } from './esdb-events.js';
import { isUnreachable, toStoreError, withDeadline } from './esdb-errors.js';
import { PullQueue } from './pull-queue.js';

/**
 * Competing consumers: every event of the group's streams goes to one member of the group at a
 * time, and comes back to another if that member does not acknowledge it (it crashed, retried
 * it, or held it past the timeout). On EventStoreDB this is a persistent subscription; stores
 * without it (memory, sqlite) leave consumers to race with expected revisions instead.
 */
export interface CompetingConsumerOptions {
  /** The group's name: every process that joins it shares its events. */
  readonly group: string;
  /** Only events of streams starting with one of these (e.g. `checkoutrun-`). */
  readonly streamNamePrefixes: readonly string[];
  /** Unacknowledged deliveries one member holds at most. Default 10. */
  readonly bufferSize?: number;
  /** A delivery not settled in this time goes to another member. Default 30 s. */
  readonly messageTimeoutMs?: number;
  /** Deliveries of one event before it is parked. Default 10. */
  readonly maxRetryCount?: number;
}

export interface Delivery {
  readonly event: RecordedEvent;
  /** How many times this event was delivered before (to this or another member). */
  readonly retryCount: number;
  /** Done with it: it is not delivered again. */
  ack(): Promise<void>;
  /** Hand it to another member (or to this one later). */
  retry(reason: string): Promise<void>;
}

export interface CompetingConsumer extends AsyncIterable<Delivery> {
  close(): Promise<void>;
}

export interface CompetingConsumers {
  competingConsumers(options: CompetingConsumerOptions): CompetingConsumer;
}

export const supportsCompetingConsumers = (store: object): store is CompetingConsumers =>
  typeof (store as Partial<CompetingConsumers>).competingConsumers === 'function';

type Persistent = ReturnType<EventStoreDBClient['subscribeToPersistentSubscriptionToAll']>;

const RECONNECT_DELAY_MS = 500;

/** One member of a persistent subscription group on `$all`; creates the group on first use. */
export class CompetingConsumerGroup implements CompetingConsumer {
  private readonly queue: PullQueue<Delivery>;
  private current: Persistent | null = null;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: CompetingConsumerOptions,
    private readonly deadlineMs: number,
    private readonly onEnded: (group: CompetingConsumerGroup) => void,
  ) {
    this.queue = new PullQueue(options.bufferSize ?? 10);
    void this.join();
  }

  [Symbol.asyncIterator](): AsyncIterator<Delivery> {
    return this.queue;
  }

  async close(): Promise<void> {
    this.stop();
    this.queue.end();
  }

  endWithUnavailable(): void {
    this.stop();
    this.queue.fail(new EventStoreUnavailableError('The event store is closed'));
  }

  private stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const current = this.current;
    this.current = null;
    if (current) void current.unsubscribe().catch(() => undefined);
    this.onEnded(this);
  }

  private async join(): Promise<void> {
    try {
      await this.ensureGroup();
    } catch (error) {
      return this.recover(error);
    }
    if (this.queue.isFinished) return;
    const subscription = this.client.subscribeToPersistentSubscriptionToAll(this.options.group, {
      bufferSize: this.options.bufferSize ?? 10,
    });
    this.current = subscription;
    subscription.on('data', (resolved: PersistentSubscriptionToAllResolvedEvent) => {
      if (this.current !== subscription || !resolved.event) return;
      this.queue.push({
        event: fromResolved(resolved),
        retryCount: resolved.retryCount,
        ack: () => subscription.ack(resolved),
        retry: (reason) => subscription.nack('retry', reason, resolved),
      });
    });
    subscription.on('error', (error: unknown) => {
      if (this.current === subscription) void this.recover(error);
    });
  }

  private async ensureGroup(): Promise<void> {
    const settings = persistentSubscriptionToAllSettingsFromDefaults({
      startFrom: START,
      messageTimeout: this.options.messageTimeoutMs ?? 30_000,
      maxRetryCount: this.options.maxRetryCount ?? 10,
    });
    try {
      await withDeadline(
        this.client.createPersistentSubscriptionToAll(this.options.group, settings, {
          filter: streamNameFilter({ prefixes: [...this.options.streamNamePrefixes] }),
          deadline: this.deadlineMs,
        }),
        'createPersistentSubscriptionToAll',
        this.deadlineMs,
      );
    } catch (error) {
      if (!(error instanceof PersistentSubscriptionExistsError)) throw error;
    }
  }

  /** A lost connection re-joins the group (unacknowledged deliveries went back to it meanwhile). */
  private recover(error: unknown): void {
    this.current = null;
    if (this.queue.isFinished) return;
    if (!isUnreachable(error)) {
      this.queue.fail(toStoreError(error, 'competingConsumers'));
      this.stop();
      return;
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.queue.isFinished) void this.join();
    }, RECONNECT_DELAY_MS);
  }
}
