import type { CheckoutRun } from '@paykit/checkout-runs';
import * as E from 'fp-ts/lib/Either.js';
import type { RunIndex } from '../queue/run-index.js';
import { type RunSessionDeps, RunSession } from './run-session.js';

export interface RunnerOptions extends Omit<RunSessionDeps, 'index'> {
  readonly index: RunIndex;
  /** Runs worked on at the same time by this runner. */
  readonly concurrency: number;
  /** How often the runner looks at the queue without a wake-up from the index. Default 1 s. */
  readonly pollMs?: number;
}

/**
 * Claims queued runs and works them, up to `concurrency` at a time. A claim is appended at
 * the revision the runner read, so when several runners (in this process or others) race for
 * a run, the event store lets exactly one of them have it.
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
    this.loop ??= this.claimLoop();
    return this;
  }

  /**
   * Stops claiming, lets the runs under way finish for up to `drainMs`, then abandons the rest:
   * their leases lapse and the sweeper hands them to another runner.
   */
  async stop(options: { readonly drainMs?: number } = {}): Promise<void> {
    this.stopping.abort();
    await this.loop;
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
    await this.loop;
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
    const claimed = await this.options.commands.claim(candidate.runId, this.runnerId, this.options.leaseMs);
    if (E.isLeft(claimed)) {
      this.passed.set(candidate.runId, candidate.revision);
      return;
    }
    this.passed.delete(candidate.runId);
    this.options.logger.info({ runId: candidate.runId, runnerId: this.runnerId }, 'run claimed');
    const session = new RunSession(this.options, claimed.right);
    const done = session.execute().finally(() => this.sessions.delete(candidate.runId));
    this.sessions.set(candidate.runId, { session, done });
  }
}
