import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  ForwardingEventStore,
  type ReadStreamOptions,
  type RecordedEvent,
  SqliteEventStore,
} from '@paykit/event-store';

/** A data directory whose SQLite event store can be closed and opened again, as a restart does. */
export interface DataDir {
  readonly path: string;
  /** Opens the store in the directory (one at a time: close it before the next). */
  open(): EventStore;
  remove(): Promise<void>;
}

export const makeDataDir = async (label: string): Promise<DataDir> => {
  const path = await mkdtemp(join(tmpdir(), `paykit-providers-${label}-`));
  return {
    path,
    open: () => new SqliteEventStore({ dataDir: path }),
    remove: () => rm(path, { recursive: true, force: true }),
  };
};

/** Counts the events read from streams: what a call costs the store. */
export class CountingStore extends ForwardingEventStore {
  eventsRead = 0;

  override async *readStream(streamName: string, options?: ReadStreamOptions): AsyncIterable<RecordedEvent> {
    for await (const event of this.inner.readStream(streamName, options)) {
      this.eventsRead++;
      yield event;
    }
  }
}

/** Every event of a stream, in order. */
export const eventsOf = async (store: EventStore, stream: string): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for await (const event of store.readStream(stream)) events.push(event);
  return events;
};

/** A process killed after some appends: the ones after it never happen (or fail as `failure` says). */
export class KilledAfter extends ForwardingEventStore {
  appends = 0;

  constructor(
    inner: EventStore,
    private allowed: number,
    private readonly failure: () => Error = () => new Error('killed'),
  ) {
    super(inner);
  }

  /** Lets appends through again. */
  revive(): void {
    this.allowed = Number.POSITIVE_INFINITY;
  }

  override appendToStream(
    streamName: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    if (++this.appends > this.allowed) return Promise.reject(this.failure());
    return this.inner.appendToStream(streamName, events, options);
  }
}
