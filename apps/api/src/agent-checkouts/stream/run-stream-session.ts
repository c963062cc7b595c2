import { isDeepStrictEqual } from 'node:util';
import {
  type CheckoutRun,
  type CheckoutRunEvent,
  type CheckoutRunState,
  type RunMessage,
  checkoutRunDecider,
  checkoutRunStreamName,
  isFinalStatus,
  type RunSnapshot,
  toMessage,
} from '@paykit/checkout-runs';
import type { EventStore } from '@paykit/event-store';
import { type StreamCursor, messageEventId, snapshotEventId } from './stream-cursor.js';

/** Where the session writes server-sent events; `end` closes the response. */
export interface SseSink {
  event(id: string, name: 'run.updated' | 'message.upsert', data: unknown): void;
  comment(text: string): void;
  end(): void;
}

/** The messages an event added or changed, in order. */
const changedMessages = (before: readonly RunMessage[], after: readonly RunMessage[]): RunMessage[] =>
  after.filter((message, index) => {
    const previous =
      before[index]?.id === message.id ? before[index] : before.find((candidate) => candidate.id === message.id);
    return !previous || !isDeepStrictEqual(previous, message);
  });

/**
 * One client's stream of one run. It folds the run's events in order and sends, after the
 * client's cursor, a `message.upsert` for each message an event added or changed, then one
 * `run.updated` with the newest snapshot once it has caught up (intermediate snapshots are
 * skipped: revisions may skip, only their order matters). It stops after the final snapshot.
 * Each wake-up reads only the events after the last one folded; wake-ups never overlap.
 */
export class RunStreamSession {
  private state: CheckoutRunState = checkoutRunDecider.initialState();
  private nextRevision = 0n;
  private snapshotSent: number;
  private pumping: Promise<void> | null = null;
  private pending = false;
  private ended = false;

  constructor(
    private readonly store: EventStore,
    private readonly runId: string,
    private readonly after: StreamCursor,
    private readonly sink: SseSink,
    /** The snapshot as the API shows it (with a freshly signed live-view address). */
    private readonly present: (run: CheckoutRun) => RunSnapshot,
  ) {
    // Resuming after a message of a revision: a snapshot follows even if the run is still at that revision.
    this.snapshotSent = after.messages === Infinity ? after.revision : after.revision - 1;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Reads what is new; called at start, on every change of the run, and on each heartbeat. */
  wake(): Promise<void> {
    if (this.ended) return Promise.resolve();
    if (this.pumping) {
      this.pending = true;
      return this.pumping;
    }
    this.pumping = this.pump().finally(() => (this.pumping = null));
    return this.pumping;
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.sink.end();
  }

  private async pump(): Promise<void> {
    do {
      this.pending = false;
      await this.readNewEvents();
      if (this.ended || !this.state.exists) return;
      this.sendSnapshot(this.state);
    } while (this.pending && !this.ended);
  }

  private async readNewEvents(): Promise<void> {
    for await (const recorded of this.store.readStream(checkoutRunStreamName(this.runId), {
      fromRevision: this.nextRevision,
    })) {
      if (this.ended) return;
      const before = this.state;
      this.state = checkoutRunDecider.evolve(before, { type: recorded.type, data: recorded.data } as CheckoutRunEvent);
      this.nextRevision = recorded.revision + 1n;
      if (this.state.exists) this.sendMessages(before.exists ? before.messages : [], this.state);
    }
  }

  private sendMessages(before: readonly RunMessage[], run: CheckoutRun): void {
    const revision = run.revision;
    if (revision < this.after.revision) return;
    changedMessages(before, run.messages).forEach((message, index) => {
      const position = index + 1;
      if (revision === this.after.revision && position <= this.after.messages) return;
      this.sink.event(messageEventId(revision, position), 'message.upsert', toMessage(message));
    });
  }

  /** Ends after the final snapshot, whether it goes out now or the client had it already. */
  private sendSnapshot(run: CheckoutRun): void {
    if (run.revision > this.snapshotSent) {
      this.snapshotSent = run.revision;
      this.sink.event(snapshotEventId(run.revision), 'run.updated', this.present(run));
    }
    if (isFinalStatus(run.status)) this.end();
  }
}
