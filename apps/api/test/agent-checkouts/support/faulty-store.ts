import {
  type AppendResult,
  type EventToAppend,
  type ExpectedRevision,
  EventStoreUnavailableError,
  ForwardingEventStore,
  MemoryEventStore,
  WrongExpectedRevisionError,
} from '@paykit/event-store';

/**
 * How an armed append fails: as an unreachable store's would, or as one that lost the race to a
 * concurrent writer every time (the command's retries run out).
 */
export type AppendFault = 'unavailable' | 'conflict';

/** A memory store whose appends to chosen streams fail, while armed. */
export class FaultyStore extends ForwardingEventStore {
  private failing: string | null = null;
  private fault: AppendFault = 'unavailable';

  constructor() {
    super(new MemoryEventStore());
  }

  /** Appends to streams starting with `prefix` fail until `heal()`. */
  failAppendsTo(prefix: string, fault: AppendFault = 'unavailable'): void {
    this.failing = prefix;
    this.fault = fault;
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
      return Promise.reject(
        this.fault === 'conflict'
          ? new WrongExpectedRevisionError(streamName, options?.expectedRevision ?? 'any', 'no_stream')
          : new EventStoreUnavailableError('the event store cannot be reached'),
      );
    }
    return this.inner.appendToStream(streamName, events, options);
  }
}
