import type { CheckoutRun, CheckoutRunCommand } from '@paykit/checkout-runs';
import type { CommandContext, DomainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { type CommandOutcome, type RunCommands, systemContext } from '../runs/run-commands.js';
import { RunStopped } from '../strategy/run-stopped.js';

/**
 * One runner's line to one run: every read and write of the session goes through it, and
 * once the session is stopped (killed, lease lost, run ended elsewhere) it refuses to do
 * anything more, so a runner that lost a run can never write to it again.
 */
export class RunLink {
  private stoppedBy: RunStopped | null = null;
  private readonly kill = new AbortController();
  private readonly context: CommandContext;

  constructor(
    private readonly commands: RunCommands,
    readonly run: CheckoutRun,
    readonly runnerId: string,
  ) {
    this.context = systemContext(run, runnerId);
  }

  get runId(): string {
    return this.run.runId;
  }

  /** Aborted only when the runner is killed or shut down: in-flight requests of the run stop. */
  get killSignal(): AbortSignal {
    return this.kill.signal;
  }

  get stopped(): RunStopped | null {
    return this.stoppedBy;
  }

  stop(reason: RunStopped): void {
    this.stoppedBy ??= reason;
    if (reason.reason === 'stopped' && !this.kill.signal.aborted) this.kill.abort(reason);
  }

  throwIfStopped(): void {
    if (this.stoppedBy) throw this.stoppedBy;
  }

  /** The run as it is now in its stream. */
  async load(): Promise<CheckoutRun | null> {
    this.throwIfStopped();
    const { run } = await this.commands.load(this.runId);
    this.throwIfStopped();
    return run;
  }

  /**
   * Sends a command. A final run or a lost lease stops the session (thrown as RunStopped);
   * other refusals come back as values for the caller to act on.
   */
  async send(command: CheckoutRunCommand): Promise<E.Either<DomainError, CommandOutcome>> {
    this.throwIfStopped();
    const result = await this.commands.execute(this.runId, command, this.context);
    if (E.isLeft(result)) {
      if (result.left.code === 'checkout_run_final') this.stop(new RunStopped('ended'));
      if (result.left.code === 'lease_not_held') this.stop(new RunStopped('lease_lost'));
      this.throwIfStopped();
    }
    return result;
  }
}
