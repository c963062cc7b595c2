import { CHECKOUT_RUN_STREAM_PREFIX, type CheckoutRun } from '@paykit/checkout-runs';
import type { CompetingConsumer, Delivery } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import type { RunIndex } from '../queue/run-index.js';
import { type RunSessionDeps, RunSession } from './run-session.js';

export interface RunnerOptions extends Omit<RunSessionDeps, 'index'> {
  readonly index: RunIndex;
  /** Runs worked on at the same time by this runner. */
  readonly concurrency: number;
  /** How often the runner looks at the queue without a wake-up from the index. Default 1 s. */
  readonly pollMs?: number;
  /**
   * The runners' competing-consumer group, on stores that have one (EventStoreDB): each run
   * event is offered to one runner at a time instead of every runner racing for every queued run.
   */
  readonly offers?: CompetingConsumer;
}

/**
 * Claims queued runs and works them, up to `concurrency` at a time. A claim is appended at
 * the revision the runner read, so when several runners (in this process or others) race for
 * a run, the event store lets exactly one of them have it. With `offers` the candidates come
 * from the group's deliveries rather than from every queued run in the index; the claim still
 * decides (a delivery is at least once).
 */
export class CheckoutRunner {
  private readonly sessions = new Map<string, { session: RunSession; done: Promise<void> }>();
  /** Runs this runner failed to claim, with the revision it saw: not retried until they change. */
  private readonly passed = new Map<string, number>();
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(private readonly options: RunnerOptions) {}

  get runnerId(): string {
    return this.options.runnerId;
  }

  /** Ids of the runs this runner is working on now. */
  activeRuns(): readonly string[] {
    return [...this.sessions.keys()];
  }

  start(): this {
    this.loop ??= this.options.offers ? this.offerLoop(this.options.offers) : this.claimLoop();
    return this;
  }

  /**
   * Stops claiming, lets the runs under way finish for up to `drainMs`, then abandons the rest:
   * their leases lapse and the sweeper hands them to another runner.
   */
  async stop(options: { readonly drainMs?: number } = {}): Promise<void> {
    await this.stopClaiming();
    const drained = Promise.all([...this.sessions.values()].map((entry) => entry.done));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, options.drainMs ?? 0)));
    await Promise.race([drained, deadline]);
    clearTimeout(timer);
    await this.kill();
  }

  /** Stops at once without finishing anything, as a crash would. */
  async kill(): Promise<void> {
    this.stopping.abort();
    for (const { session } of this.sessions.values()) session.kill();
    await this.stopClaiming();
  }

  private async stopClaiming(): Promise<void> {
    this.stopping.abort();
    // Deliveries held and not settled go back to the group, for another runner.
    await this.options.offers?.close();
    await this.loop;
  }

  /** Takes the group's offers one at a time, while there is room for another run. */
  private async offerLoop(offers: CompetingConsumer): Promise<void> {
    const signal = this.stopping.signal;
    try {
      for await (const delivery of offers) {
        await this.roomForARun(signal);
        if (signal.aborted) return;
        await this.settle(delivery);
      }
    } catch (error) {
      if (signal.aborted) return;
      // The group is gone for good (not a lost connection, which it survives): race like sqlite does.
      this.options.logger.warn({ err: (error as Error).message }, 'run offers failed; claiming from the run index');
      await this.claimLoop();
    }
  }

  /** Claims the delivered event's run if it may be queued, then acks; a failed attempt goes back to the group. */
  private async settle(delivery: Delivery): Promise<void> {
    const runId = delivery.event.streamName.slice(CHECKOUT_RUN_STREAM_PREFIX.length);
    try {
      if (!this.sessions.has(runId) && !this.options.index.notQueuedAsOf(runId, delivery.event.position)) {
        await this.claimRun(runId);
      }
      await delivery.ack().catch(() => undefined);
    } catch (error) {
      this.options.logger.warn({ runId, err: (error as Error).message }, 'claim failed; offer returned to the group');
      await delivery.retry((error as Error).message).catch(() => undefined);
    }
  }

  private async roomForARun(signal: AbortSignal): Promise<void> {
    while (this.sessions.size >= this.options.concurrency && !signal.aborted) {
      const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([aborted, ...[...this.sessions.values()].map((entry) => entry.done.catch(() => undefined))]);
    }
  }

  private async claimLoop(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      const candidate = this.sessions.size < this.options.concurrency ? this.nextCandidate() : undefined;
      if (!candidate) {
        await this.options.index.changed({ timeoutMs: this.options.pollMs ?? 1000, abort: signal });
        continue;
      }
      try {
        await this.claim(candidate);
      } catch (error) {
        this.options.logger.warn({ runId: candidate.runId, err: (error as Error).message }, 'claim failed');
        this.passed.set(candidate.runId, candidate.revision);
      }
    }
  }

  private nextCandidate(): CheckoutRun | undefined {
    const queued = this.options.index.queued();
    const stillQueued = new Set(queued.map((run) => run.runId));
    for (const runId of this.passed.keys()) if (!stillQueued.has(runId)) this.passed.delete(runId);
    return queued.find((run) => !this.sessions.has(run.runId) && this.passed.get(run.runId) !== run.revision);
  }

  private async claim(candidate: CheckoutRun): Promise<void> {
    if (await this.claimRun(candidate.runId)) this.passed.delete(candidate.runId);
    else this.passed.set(candidate.runId, candidate.revision);
  }

  /** True when this runner now holds the run (and works it); false when the run could not be claimed. */
  private async claimRun(runId: string): Promise<boolean> {
    const claimed = await this.options.commands.claim(runId, this.runnerId, this.options.leaseMs);
    if (E.isLeft(claimed)) return false;
    this.options.logger.info({ runId, runnerId: this.runnerId }, 'run claimed');
    const session = new RunSession(this.options, claimed.right);
    const done = session.execute().finally(() => this.sessions.delete(runId));
    this.sessions.set(runId, { session, done });
    return true;
  }
}
