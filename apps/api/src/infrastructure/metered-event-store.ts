import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  WrongExpectedRevisionError,
} from '@paykit/event-store';

export type AppendOutcome = 'ok' | 'conflict' | 'error';
export type AppendObserver = (seconds: number, outcome: AppendOutcome) => void;

/** Decorates a store to time every append (the event-store latency metric); delegates the rest. */
export class MeteredEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly observeAppend: AppendObserver,
  ) {}

  async appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e9;
    try {
      const result = await this.inner.appendToStream(streamName, events, options);
      this.observeAppend(elapsed(), 'ok');
      return result;
    } catch (error) {
      this.observeAppend(elapsed(), error instanceof WrongExpectedRevisionError ? 'conflict' : 'error');
      throw error;
    }
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
