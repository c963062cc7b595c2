import {
  type AppendResult,
  type EventToAppend,
  type ExpectedRevision,
  EventStoreUnavailableError,
  ForwardingEventStore,
  MemoryEventStore,
} from '@paykit/event-store';

/** A memory store whose appends to chosen streams fail as an unreachable store's would, while armed. */
export class FaultyStore extends ForwardingEventStore {
  private failing: string | null = null;

  constructor() {
    super(new MemoryEventStore());
  }

  /** Appends to streams starting with `prefix` fail until `heal()`. */
  failAppendsTo(prefix: string): void {
    this.failing = prefix;
  }

  heal(): void {
    this.failing = null;
  }

  override appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    if (this.failing !== null && streamName.startsWith(this.failing)) {
      return Promise.reject(new EventStoreUnavailableError('the event store cannot be reached'));
    }
    return this.inner.appendToStream(streamName, events, options);
  }
}
