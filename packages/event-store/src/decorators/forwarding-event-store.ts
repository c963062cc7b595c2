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

/** Forwards every call to another store: decorators extend it and override what they change. */
export class ForwardingEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

  appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
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

  eraseStream(streamName: string): Promise<void> {
    return this.inner.eraseStream(streamName);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
