import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  EventStoreUnavailableError,
  MemoryEventStore,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
} from '@paykit/event-store';

/** A memory store whose appends to chosen streams fail as an unreachable store's would, while armed. */
export class FaultyStore implements EventStore {
  private readonly inner = new MemoryEventStore();
  private failing: string | null = null;

  /** Appends to streams starting with `prefix` fail until `heal()`. */
  failAppendsTo(prefix: string): void {
    this.failing = prefix;
  }

  heal(): void {
    this.failing = null;
  }

  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.failing !== null && streamName.startsWith(this.failing)) {
      return Promise.reject(new EventStoreUnavailableError('the event store cannot be reached'));
    }
    return this.inner.appendToStream(streamName, events, options);
  }

  readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent> {
    return this.inner.readStream(streamName, options);
  }

  readAll(options?: ReadAllOptions): AsyncIterable<RecordedEvent> {
    return this.inner.readAll(options);
  }

  subscribeToAll(options?: SubscribeToAllOptions): Subscription {
    return this.inner.subscribeToAll(options);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
