import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  type ResolvedEvent,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
  Subscription,
} from '../port.js';
import { EventStoreUnavailableError, WrongExpectedRevisionError, revisionMatches } from '../port.js';
import { type AllPage, AllPages } from './all-pages.js';
import {
  CompetingConsumerGroup,
  type CompetingConsumerOptions,
  type CompetingConsumers,
} from './competing-consumers.js';
import {
  fromResolved,
  isSystemEvent,
  positionOf,
  toClientExpectedRevision,
  toClientPosition,
  toEventData,
} from './esdb-events.js';
import { toStoreError, withDeadline } from './esdb-errors.js';
import { EsdbSubscription, type HistoryPage } from './esdb-subscription.js';

export interface EsdbEventStoreOptions {
  /** `esdb://host:2113?tls=false`, `esdb+discover://...` for a cluster (EVENTSTORE_CONNECTION_STRING). */
  readonly connectionString: string;
  /** The longest any call may take before it fails with EventStoreUnavailableError. Default 10 s. */
  readonly deadlineMs?: number;
  /** Events per read call; reads of more are paged, each page with its own deadline. Default 500. */
  readonly pageSize?: number;
}

const U64_MAX = 0xffffffffffffffffn;

/**
 * The EventStoreDB (and KurrentDB) adapter, over @eventstore/db-client's gRPC protocol. Our global
 * position is the commit position; system events are invisible to the port; every call is
 * bounded by a deadline, and reads are paged so a deadline bounds one page, not a whole history.
 */
export class EsdbEventStore implements EventStore, CompetingConsumers {
  private readonly client: EventStoreDBClient;
  private readonly deadlineMs: number;
  private readonly pageSize: number;
  private readonly subscriptions = new Set<{ endWithUnavailable(): void }>();
  private readonly pages = new AllPages();
  private closed = false;

  constructor(options: EsdbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.deadlineMs = options.deadlineMs ?? 10_000;
    this.pageSize = options.pageSize ?? 500;
  }

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { readonly expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    const expected = options.expectedRevision ?? 'any';
    if (events.length === 0) return this.checkOnly(streamName, expected);
    const eventData = events.map(toEventData);
    try {
      const result = await withDeadline(
        this.client.appendToStream(streamName, eventData, {
          expectedRevision: toClientExpectedRevision(expected),
          deadline: this.deadlineMs,
        }),
        'appendToStream',
        this.deadlineMs,
      );
      const position = result.position?.commit ?? (await this.headPosition());
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion;
        throw new WrongExpectedRevisionError(
          streamName,
          expected,
          typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream',
        );
      }
      throw toStoreError(error, 'appendToStream');
    }
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    const backwards = options.direction === 'backwards';
    let from: bigint | typeof END = backwards ? (options.fromRevision ?? END) : (options.fromRevision ?? 0n);
    if (from !== END && from < 0n) from = backwards ? -1n : 0n;
    if (from !== END && from > U64_MAX) {
      if (!backwards) return;
      from = END;
    }
    while (remaining > 0 && (from === END || from >= 0n)) {
      const count = Math.min(this.pageSize, remaining);
      const page = await this.readPage('readStream', () =>
        this.client.readStream(streamName, {
          direction: backwards ? BACKWARDS : FORWARDS,
          fromRevision: from === END ? END : (from as bigint),
          maxCount: count,
        }),
      );
      if (page === null) return;
      for (const resolved of page) yield fromResolved(resolved);
      remaining -= page.length;
      const last = page.at(-1)?.event?.revision;
      if (page.length < count || last === undefined) return;
      from = backwards ? last - 1n : last + 1n;
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (remaining <= 0) return;
    // One more than wanted: a page starts with the event at the cursor, which is skipped.
    for await (const { events } of this.historyAfter(options.after ?? 0n, () =>
      Math.min(this.pageSize, remaining + 1),
    )) {
      for (const event of events) {
        yield event;
        if (--remaining <= 0) return;
      }
    }
  }

  /**
   * The non-system events after `after`, a page at a time, each with the position of the page's
   * last record (`through`: where reading or subscribing continues). Pages are shared between
   * the store's readers (see AllPages).
   */
  private async *historyAfter(
    after: bigint,
    countFor: () => number = () => this.pageSize,
  ): AsyncGenerator<HistoryPage> {
    let cursor = after > 0n ? after : 0n;
    let aligned = false;
    for (;;) {
      const count = countFor();
      let page: AllPage;
      try {
        page = await this.allPage(cursor, count);
      } catch (error) {
        // A position that is not a record start is refused: read from the record at or before it.
        if (aligned || cursor === 0n || error instanceof EventStoreUnavailableError) throw error;
        aligned = true;
        cursor = await this.alignPosition(cursor);
        continue;
      }
      aligned = true;
      const last = page.lastPosition;
      const progressed = last !== null && (last > cursor || cursor === 0n);
      const skipThrough = cursor > after ? cursor : after;
      const events = page.events.filter((event) => event.position > skipThrough);
      if (progressed) yield { events, through: last };
      if (page.size < count || !progressed) return;
      cursor = last;
    }
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): Subscription {
    this.assertOpen();
    const subscription = new EsdbSubscription(
      {
        client: this.client,
        alignPosition: (after) => this.alignPosition(after),
        history: (after) => this.historyAfter(after),
        onEnded: (ended) => this.subscriptions.delete(ended),
      },
      options,
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  competingConsumers(options: CompetingConsumerOptions): CompetingConsumerGroup {
    this.assertOpen();
    const group = new CompetingConsumerGroup(this.client, options, this.deadlineMs, (ended) =>
      this.subscriptions.delete(ended),
    );
    this.subscriptions.add(group);
    return group;
  }

  /** The last non-system event's position, read backwards from the end of `$all`. */
  async headPosition(): Promise<bigint> {
    this.assertOpen();
    return this.lastPositionWhere((resolved) => !isSystemEvent(resolved), 'headPosition');
  }

  /**
   * A soft delete: the stream reads as missing at once; its events leave `$all` and the disk at
   * the server's next scavenge (operations schedule one, docs/adr/0509).
   */
  async eraseStream(streamName: string): Promise<void> {
    this.assertOpen();
    try {
      await withDeadline(
        this.client.deleteStream(streamName, { expectedRevision: ANY, deadline: this.deadlineMs }),
        'eraseStream',
        this.deadlineMs,
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return;
      throw toStoreError(error, 'eraseStream');
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pages.clear();
    for (const subscription of [...this.subscriptions]) subscription.endWithUnavailable();
    await this.client.dispose();
    // dispose() cancels calls but keeps the channel; closing it lets the process exit.
    const channel = await (this.client as unknown as { getChannel(): Promise<{ close(): void }> })
      .getChannel()
      .catch(() => null);
    channel?.close();
  }

  /**
   * The position of the last record at or before `position` (0n when none): where a read or a
   * subscription may start to get exactly the events after `position`.
   */
  private alignPosition(position: bigint): Promise<bigint> {
    return this.lastPositionWhere((resolved) => positionOf(resolved) <= position, 'readAll');
  }

  /**
   * Reads `$all` backwards from the end to the last event that satisfies `wanted` (0n when none),
   * in pages that start small and double: the answer is nearly always among the last few events.
   */
  private async lastPositionWhere(wanted: (resolved: ResolvedEvent) => boolean, operation: string): Promise<bigint> {
    let from: typeof END | bigint = END;
    for (let count = 8; ; count = Math.min(count * 2, this.pageSize)) {
      const page =
        (await this.readPage(operation, () =>
          this.client.readAll({
            direction: BACKWARDS,
            fromPosition: from === END ? END : toClientPosition(from as bigint),
            maxCount: count,
          }),
        )) ?? [];
      const found = page.find(wanted);
      if (found) return positionOf(found);
      const last = page.at(-1);
      if (page.length < count || !last) return 0n;
      from = positionOf(last);
    }
  }

  /** A forward page of `$all` from `cursor` (inclusive), read once for every reader asking at the same time. */
  private allPage(cursor: bigint, count: number): Promise<AllPage> {
    return this.pages.get(cursor, count, async () => {
      const records =
        (await this.readPage('readAll', () =>
          this.client.readAll({
            direction: FORWARDS,
            fromPosition: cursor > 0n ? toClientPosition(cursor) : START,
            maxCount: count,
          }),
        )) ?? [];
      const last = records.at(-1);
      return {
        events: records.filter((resolved) => !isSystemEvent(resolved)).map(fromResolved),
        lastPosition: last ? positionOf(last) : null,
        size: records.length,
      };
    });
  }

  /** One bounded read call, collected; null when the stream does not exist. */
  private async readPage(
    operation: string,
    open: () => AsyncIterable<ResolvedEvent> & { cancel(): Promise<void> },
  ): Promise<ResolvedEvent[] | null> {
    this.assertOpen();
    const stream = open();
    const collect = async () => {
      const page: ResolvedEvent[] = [];
      for await (const resolved of stream) page.push(resolved);
      return page;
    };
    try {
      return await withDeadline(
        collect(),
        operation,
        this.deadlineMs,
        () => void stream.cancel().catch(() => undefined),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw toStoreError(error, operation);
    }
  }

  /** An empty append writes nothing: check the expected revision against the stream's last event. */
  private async checkOnly(streamName: string, expected: ExpectedRevision): Promise<AppendResult> {
    let actual: 'no_stream' | bigint = 'no_stream';
    for await (const last of this.readStream(streamName, { direction: 'backwards', maxCount: 1 }))
      actual = last.revision;
    const normalized = typeof expected === 'bigint' && expected < 0n ? 'no_stream' : expected;
    if (!revisionMatches(normalized, actual)) throw new WrongExpectedRevisionError(streamName, expected, actual);
    return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: await this.headPosition() };
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
  }
}
