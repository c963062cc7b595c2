import {
  CHECKOUT_RUN_STREAM_PREFIX,
  type CheckoutRun,
  type CheckoutRunEvent,
  type CheckoutRunState,
  cardsToClose,
  checkoutRunDecider,
  isFinalStatus,
} from '@paykit/checkout-runs';
import { type EventStore, type RecordedEvent, type Subscription } from '@paykit/event-store';
import { ChangeSignal } from './change-signal.js';
import { type RunnerLogger, silentLogger } from '../logger.js';

export interface RunIndexOptions {
  readonly logger?: RunnerLogger;
  /** Wait before re-subscribing after the subscription failed. Default 1 s. */
  readonly retryDelayMs?: number;
}

/**
 * The runs that still need a runner or a sweeper, kept in memory and fed by a catch-up
 * subscription over `$all` (so a new process rebuilds it from the history, then follows live
 * appends). It is only a hint: every decision is taken on the run's stream, read afresh, so a
 * stale entry costs a refused command and nothing else. Finished runs are dropped, once
 * their virtual cards are closed.
 */
export class RunIndex {
  private readonly runs = new Map<string, CheckoutRun>();
  /** Runs with a card to close (its attempt over), finished ones included until their cards are closed. */
  private readonly closing = new Map<string, CheckoutRun>();
  /** Queued runs in the order they (re-)entered the queue: Map keeps insertion order. */
  private readonly queue = new Map<string, true>();
  private readonly changes = new ChangeSignal();
  private readonly logger: RunnerLogger;
  private subscription: Subscription | null = null;
  private position = 0n;
  private closed = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly options: RunIndexOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
  }

  start(): this {
    this.loop ??= this.follow();
    return this;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.subscription?.close();
    this.changes.notify();
    await this.loop;
  }

  /** Queued runs, longest waiting first. */
  queued(): readonly CheckoutRun[] {
    return [...this.queue.keys()].flatMap((runId) => this.runs.get(runId) ?? []);
  }

  /**
   * True when the index has folded everything up to `position` and the run is not queued: an
   * event at `position` offers nothing to claim. False when it may be queued, or the index lags.
   */
  notQueuedAsOf(runId: string, position: bigint): boolean {
    return this.position >= position && !this.queue.has(runId);
  }

  /** Every run not yet finished. */
  unfinished(): readonly CheckoutRun[] {
    return [...this.runs.values()];
  }

  /** Runs, finished or not, with a card whose attempt is over and that is not closed yet. */
  withCardsToClose(): readonly CheckoutRun[] {
    return [...this.closing.values()];
  }

  get(runId: string): CheckoutRun | undefined {
    return this.runs.get(runId);
  }

  /** Resolves at the next change to any run (or after `timeoutMs`, or on `abort`). */
  changed(options: { readonly timeoutMs?: number; readonly abort?: AbortSignal } = {}): Promise<void> {
    return this.changes.next(options);
  }

  /** Resolves once every event appended before this call has been folded in. */
  async caughtUp(): Promise<void> {
    const head = await this.store.headPosition();
    while (this.position < head && !this.closed) await this.changed({ timeoutMs: 50 });
  }

  private async follow(): Promise<void> {
    while (!this.closed) {
      try {
        this.subscription = this.store.subscribeToAll({ after: this.position });
        for await (const event of this.subscription) this.apply(event);
      } catch (error) {
        if (this.closed) break;
        this.logger.warn({ err: (error as Error).message }, 'run index subscription failed; re-subscribing');
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs ?? 1000).unref());
      }
    }
  }

  private apply(recorded: RecordedEvent): void {
    this.position = recorded.position;
    if (recorded.streamName.startsWith(CHECKOUT_RUN_STREAM_PREFIX)) {
      const runId = recorded.streamName.slice(CHECKOUT_RUN_STREAM_PREFIX.length);
      const before: CheckoutRunState =
        this.runs.get(runId) ?? this.closing.get(runId) ?? checkoutRunDecider.initialState();
      const after = checkoutRunDecider.evolve(before, { type: recorded.type, data: recorded.data } as CheckoutRunEvent);
      if (after.exists && cardsToClose(after).length > 0) this.closing.set(runId, after);
      else this.closing.delete(runId);
      if (!after.exists || isFinalStatus(after.status)) {
        this.runs.delete(runId);
        this.queue.delete(runId);
      } else {
        this.runs.set(runId, after);
        const wasQueued = before.exists && before.status === 'queued';
        if (after.status !== 'queued') this.queue.delete(runId);
        else if (!wasQueued) this.queue.set(runId, true);
      }
    }
    this.changes.notify();
  }
}
