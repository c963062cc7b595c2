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

/** The whole store in process memory: for unit tests and throwaway runs. */
export class MemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly appended = new EventEmitter().setMaxListeners(0);
  private closed = false;

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    const stream = this.streams.get(streamName);
    const actual = stream && stream.length > 0 ? BigInt(stream.length - 1) : 'no_stream';
    const expected = options.expectedRevision ?? 'any';
    if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamName, expected, actual);
    if (events.length === 0) {
      return { nextExpectedRevision: actual === 'no_stream' ? -1n : actual, position: this.lastPosition() };
    }
    const target = stream ?? [];
    for (const event of events) {
      const recorded: RecordedEvent = {
        streamName,
        revision: BigInt(target.length),
        position: BigInt(this.all.length + 1),
        type: event.type,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata),
      };
      target.push(recorded);
      this.all.push(recorded);
    }
    this.streams.set(streamName, target);
    this.appended.emit('appended');
    return { nextExpectedRevision: BigInt(target.length - 1), position: this.lastPosition() };
  }

  async *readStream(streamName: string, options: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
    this.assertOpen();
    const stream = this.streams.get(streamName) ?? [];
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    let count = 0;
    if (options.direction === 'backwards') {
      const from = options.fromRevision ?? BigInt(stream.length - 1);
      for (let i = Math.min(Number(from), stream.length - 1); i >= 0 && count < max; i--, count++) yield stream[i]!;
    } else {
      const from = options.fromRevision ?? 0n;
      for (let i = Number(from); i < stream.length && count < max; i++, count++) yield stream[i]!;
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
        readPage: async (after, maxCount) => this.page(after, maxCount),
        onAppended: (listener) => {
          this.appended.on('appended', listener);
          return () => this.appended.off('appended', listener);
        },
      },
      options,
    );
  }

  async headPosition(): Promise<bigint> {
    return this.lastPosition();
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  private page(after: bigint, maxCount: number): RecordedEvent[] {
    // Positions are 1-based and contiguous here, so position p sits at index p - 1.
    const start = Number(after);
    return this.all.slice(start, Number.isFinite(maxCount) ? start + maxCount : undefined);
  }

  private lastPosition(): bigint {
    return BigInt(this.all.length);
  }

  private assertOpen(): void {
    if (this.closed) throw new EventStoreUnavailableError('The event store is closed');
  }
}
