import { EventEmitter } from 'node:events';
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
import { catchUpSubscription } from '../subscriptions/live-subscription.js';

/** An event as kept in memory: data and metadata as JSON text, like the durable adapters store them. */
interface StoredEvent {
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: bigint;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
}

/** What an erased event leaves: its place (revision, position), nothing of what it said. */
interface ErasedSlot {
  readonly position: bigint;
  readonly erased: true;
}
type Slot = StoredEvent | ErasedSlot;
const isErased = (slot: Slot): slot is ErasedSlot => 'erased' in slot;

/**
 * The whole store in process memory: for unit tests and throwaway runs. Events go through JSON
 * on the way in and out, so a test on this store sees exactly what the sqlite adapter returns.
 * Positions are 1-based and contiguous: position p is `all[p - 1]`, revision r is `stream[r]`;
 * an erased stream keeps its slots there, emptied, and reads skip them.
 */
export class MemoryEventStore implements EventStore {
  private readonly all: Slot[] = [];
  private readonly streams = new Map<string, Slot[]>();
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private closed = false;

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    const serialized = events.map((event) => ({
      type: event.type,
      data: JSON.stringify(event.data ?? null),
      metadata: JSON.stringify(event.metadata ?? null),
    }));
    const stream = this.streams.get(streamName) ?? [];
    const actual = stream.length > 0 ? BigInt(stream.length - 1) : 'no_stream';
    const expected = options.expectedRevision ?? 'any';
    if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamName, expected, actual);
    if (serialized.length === 0) {
      return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: this.visibleHead() };
    }
    for (const event of serialized) {
      const stored: StoredEvent = {
        streamName,
        revision: BigInt(stream.length),
        position: this.head() + 1n,
        ...event,
      };
      stream.push(stored);
      this.all.push(stored);
    }
    this.streams.set(streamName, stream);
    this.appended.emit('appended');
    return { nextExpectedRevision: BigInt(stream.length - 1), position: this.head() };
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    const stream = this.streams.get(streamName) ?? [];
    const last = BigInt(stream.length) - 1n;
    let remaining = options.maxCount ?? Number.POSITIVE_INFINITY;
    if (options.direction === 'backwards') {
      const from = options.fromRevision ?? last;
      for (let revision = from < last ? from : last; revision >= 0n && remaining > 0; revision--) {
        const slot = at(stream, revision);
        if (isErased(slot)) continue;
        remaining--;
        yield toRecorded(slot);
      }
    } else {
      const from = options.fromRevision ?? 0n;
      for (let revision = from > 0n ? from : 0n; revision <= last && remaining > 0; revision++) {
        const slot = at(stream, revision);
        if (isErased(slot)) continue;
        remaining--;
        yield toRecorded(slot);
      }
    }
  }

  async *readAll(options: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    yield* this.page(options.after ?? 0n, options.maxCount ?? Number.POSITIVE_INFINITY);
  }

  subscribeToAll(options: SubscribeToAllOptions = {}): Subscription {
    this.assertOpen();
    return catchUpSubscription(
      {
        readPage: async (after, maxCount) => {
          this.assertOpen();
          return this.page(after, maxCount);
        },
        onAppended: (listener) => {
          this.appended.on('appended', listener);
          return () => this.appended.off('appended', listener);
        },
      },
      options,
    );
  }

  async headPosition(): Promise<bigint> {
    this.assertOpen();
    return this.visibleHead();
  }

  async eraseStream(streamName: string): Promise<void> {
    this.assertOpen();
    const stream = this.streams.get(streamName) ?? [];
    stream.forEach((slot, revision) => {
      const emptied: ErasedSlot = { position: slot.position, erased: true };
      stream[revision] = emptied;
      this.all[Number(slot.position - 1n)] = emptied;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Wakes waiting subscriptions: their next read fails, so they end with EventStoreUnavailableError.
    this.appended.emit('appended');
  }

  private page(after: bigint, maxCount: number): RecordedEvent[] {
    const page: RecordedEvent[] = [];
    for (let position = (after > 0n ? after : 0n) + 1n; position <= this.head() && page.length < maxCount; position++) {
      const slot = at(this.all, position - 1n);
      if (!isErased(slot)) page.push(toRecorded(slot));
    }
    return page;
  }

  /** The last position taken, erased or not: the next event gets the one after. */
  private head(): bigint {
    return BigInt(this.all.length);
  }

  /** The last position reads can return (0n when none). */
  private visibleHead(): bigint {
    for (let index = this.all.length - 1; index >= 0; index--)
      if (!isErased(this.all[index]!)) return BigInt(index + 1);
    return 0n;
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
  }
}

/** `index` is already bounds-checked against the array, so it is far below 2^53. */
const at = (events: readonly Slot[], index: bigint): Slot => events[Number(index)]!;

const toRecorded = (event: StoredEvent): RecordedEvent => ({
  streamName: event.streamName,
  revision: event.revision,
  position: event.position,
  type: event.type,
  data: JSON.parse(event.data),
  metadata: JSON.parse(event.metadata),
});
