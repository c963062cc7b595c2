import { type CheckoutRun, type CheckoutRunCommand, isActiveStatus, pendingRequest } from '@paykit/checkout-runs';
import type { Clock } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { RunCards } from '../payment/run-cards.js';
import type { RunIndex } from '../queue/run-index.js';
import { type RunCommands, systemContext } from '../runs/run-commands.js';
import type { RunnerLogger } from '../logger.js';

export interface SweeperOptions {
  readonly commands: RunCommands;
  readonly index: RunIndex;
  readonly clock: Clock;
  readonly logger: RunnerLogger;
  /** Recorded as the actor of the sweeper's events. */
  readonly actorId?: string;
  /** Closes the cards of attempts that are over, whoever ended them (a crashed runner, the user). */
  readonly cards?: RunCards;
}

export interface SweepReport {
  /** Runs whose lease had lapsed: taken back to the queue or ended by the decider's rules. */
  readonly leasesExpired: readonly string[];
  readonly deadlinesPassed: readonly string[];
  readonly inputsExpired: readonly string[];
  /** Runs whose cards were closed in this pass. */
  readonly cardsClosed: readonly string[];
}

/**
 * Ends what no runner will: lapsed leases (a crashed runner), spent time budgets and expired
 * questions. It only raises the facts (`LeaseExpired`, `DeadlinePassed`, `ExpireInput`); the
 * decider decides takeover or failure and ignores facts that are no longer true, so several
 * sweepers (one per runner process) can run side by side.
 */
export class RunSweeper {
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<SweepReport> | null = null;

  constructor(private readonly options: SweeperOptions) {}

  /** Sweeps every `everyMs` until `stop()`. */
  start(everyMs: number): this {
    this.timer ??= setInterval(() => {
      this.sweep().catch((error: Error) => this.options.logger.warn({ err: error.message }, 'sweep failed'));
    }, everyMs);
    return this;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping?.catch(() => undefined);
  }

  /** One pass over the runs not yet finished, after the index has caught up with the store. */
  sweep(): Promise<SweepReport> {
    this.sweeping ??= this.sweepOnce().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<SweepReport> {
    await this.options.index.caughtUp();
    const report = {
      leasesExpired: [] as string[],
      deadlinesPassed: [] as string[],
      inputsExpired: [] as string[],
      cardsClosed: [] as string[],
    };
    for (const run of this.options.index.unfinished()) {
      const now = this.options.clock.now();
      const pending = pendingRequest(run);
      const deadlinePassed =
        !run.payment && run.startedAt !== null && Date.parse(run.startedAt) + run.policy.maxDurationMs <= now.getTime();
      if (deadlinePassed) {
        if (await this.raise(run, { type: 'DeadlinePassed', data: { now } })) report.deadlinesPassed.push(run.runId);
      } else if (isActiveStatus(run.status) && run.lease && Date.parse(run.lease.until) <= now.getTime()) {
        if (await this.raise(run, { type: 'LeaseExpired', data: { now } })) report.leasesExpired.push(run.runId);
      } else if (pending && Date.parse(pending.request.expiresAt) <= now.getTime()) {
        const command: CheckoutRunCommand = { type: 'ExpireInput', data: { requestId: pending.requestId, now } };
        if (await this.raise(run, command)) report.inputsExpired.push(run.runId);
      }
    }
    await this.options.index.caughtUp();
    for (const run of this.options.index.withCardsToClose()) {
      if (await this.closeCards(run)) report.cardsClosed.push(run.runId);
    }
    return report;
  }

  private async closeCards(run: CheckoutRun): Promise<boolean> {
    const cards = this.options.cards;
    if (!cards) return false;
    const context = systemContext(run, this.options.actorId ?? 'sweeper');
    const closed = await cards.closeWhatIsOver(run, (command) =>
      this.options.commands.execute(run.runId, command, context),
    );
    if (closed > 0) this.options.logger.info({ runId: run.runId, closed }, 'run cards closed');
    return closed > 0;
  }

  /** True when the fact changed the run. */
  private async raise(run: CheckoutRun, command: CheckoutRunCommand): Promise<boolean> {
    const result = await this.options.commands.execute(
      run.runId,
      command,
      systemContext(run, this.options.actorId ?? 'sweeper'),
    );
    if (E.isLeft(result)) {
      this.options.logger.warn(
        { runId: run.runId, command: command.type, code: result.left.code },
        'sweeper command refused',
      );
      return false;
    }
    if (result.right.events.length > 0)
      this.options.logger.info({ runId: run.runId, command: command.type }, 'run swept');
    return result.right.events.length > 0;
  }
}
