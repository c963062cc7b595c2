import type { EventStore } from '@paykit/event-store';
import type { RunSnapshots } from '../live-view/run-snapshots.js';
import { RunStreamSession, type SseSink } from './run-stream-session.js';
import type { RunUpdatesHub } from './run-updates-hub.js';
import type { StreamCursor } from './stream-cursor.js';

/** The response a run's stream is written to. */
export interface StreamConnection {
  readonly sink: SseSink;
  /** Calls `listener` when the client goes away. */
  onClose(listener: () => void): void;
  readonly log: { warn(details: object, message: string): void };
}

export interface RunEventStreamDeps {
  readonly store: EventStore;
  readonly hub: RunUpdatesHub;
  readonly snapshots: RunSnapshots;
  readonly heartbeatMs: number;
}

/**
 * A run's event stream, checked (the run is the caller's, the cursor one it sent) and not yet
 * started: `follow` keeps it open, with heartbeats, until the final snapshot, the client
 * leaving, or shutdown.
 */
export class RunEventStream {
  constructor(
    private readonly deps: RunEventStreamDeps,
    readonly runId: string,
    private readonly after: StreamCursor,
  ) {}

  /** Resolves once the stream has caught up with the run; it goes on until it ends. */
  async follow(connection: StreamConnection): Promise<void> {
    const { store, hub, snapshots, heartbeatMs } = this.deps;
    const { runId } = this;
    const sink = connection.sink;
    const session = new RunStreamSession(store, runId, this.after, sink, (run) => snapshots.of(run));
    let unlisten = (): void => undefined;
    const cleanUp = () => {
      clearInterval(heartbeat);
      unlisten();
      session.end();
    };
    const wake = () =>
      session.wake().then(
        () => (session.isEnded ? cleanUp() : undefined),
        (error: Error) => {
          connection.log.warn({ err: error, runId }, 'run stream failed; closing it');
          cleanUp();
        },
      );
    const heartbeat = setInterval(() => {
      sink.comment('heartbeat');
      void wake();
    }, heartbeatMs);
    unlisten = hub.listen(runId, { changed: () => void wake(), shutdown: cleanUp });
    connection.onClose(cleanUp);
    await wake();
  }
}
