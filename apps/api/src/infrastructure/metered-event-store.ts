import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  ForwardingEventStore,
  WrongExpectedRevisionError,
} from '@paykit/event-store';

export type AppendOutcome = 'ok' | 'conflict' | 'error';
export type AppendObserver = (seconds: number, outcome: AppendOutcome) => void;

/** Decorates a store to time every append (the event-store latency metric); forwards the rest. */
export class MeteredEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly observeAppend: AppendObserver,
  ) {
    super(inner);
  }

  override async appendToStream(
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
}
