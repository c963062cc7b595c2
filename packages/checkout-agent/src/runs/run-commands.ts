import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type CheckoutRunEvent,
  checkoutRunDecider,
  checkoutRunStreamName,
} from '@paykit/checkout-runs';
import { type EventStore, WrongExpectedRevisionError, handleCommand } from '@paykit/event-store';
import {
  type Clock,
  type CommandContext,
  type DomainError,
  type IdGenerator,
  conflict,
  envelope,
  fold,
} from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';

export interface RunCommandsDeps {
  readonly store: EventStore;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

export interface LoadedRun {
  readonly run: CheckoutRun | null;
  /** The stream revision read; the expected revision of the next append. */
  readonly revision: bigint | 'no_stream';
}

export interface CommandOutcome {
  readonly events: readonly CheckoutRunEvent[];
  readonly run: CheckoutRun;
}

/** The context of a command sent by a runner or the sweeper: the system acting on one run. */
export const systemContext = (run: Pick<CheckoutRun, 'projectId' | 'runId'>, actorId: string): CommandContext => ({
  projectId: run.projectId,
  actor: { type: 'system', id: actorId },
  correlationId: run.runId,
});

/**
 * The runner side's access to run streams (`checkoutRun-<id>`): every change goes through the
 * checkout-runs decider and is appended at the revision it was decided on.
 */
export class RunCommands {
  constructor(private readonly deps: RunCommandsDeps) {}

  async load(runId: string): Promise<LoadedRun> {
    const events: CheckoutRunEvent[] = [];
    let revision: bigint | 'no_stream' = 'no_stream';
    for await (const recorded of this.deps.store.readStream(checkoutRunStreamName(runId))) {
      events.push({ type: recorded.type, data: recorded.data } as CheckoutRunEvent);
      revision = recorded.revision;
    }
    const state = fold(checkoutRunDecider, events);
    return { run: state.exists ? state : null, revision };
  }

  /**
   * Load, decide, append at the revision read. A concurrent change (the user's cancel or
   * answer, a renewal) makes the append conflict; the command is then decided again on the
   * fresh state, which is what makes a stale intention fail with the right domain error.
   */
  async execute(
    runId: string,
    command: CheckoutRunCommand,
    context: CommandContext,
  ): Promise<E.Either<DomainError, CommandOutcome>> {
    const result = await handleCommand(
      this.deps.store,
      checkoutRunStreamName(runId),
      checkoutRunDecider,
      command,
      (event) => envelope(event, context, { eventId: this.deps.ids.uuid(), occurredAt: this.deps.clock.now() }),
      { maxRetries: 5 },
    );
    if (E.isLeft(result)) return result;
    const { events, state } = result.right;
    return state.exists ? E.right({ events, run: state }) : E.left(conflict('checkout_run_not_found', 'Not found'));
  }

  /**
   * A claim is decided on the run as read and appended with exactly that expected revision,
   * never retried: if anything changed in between (another runner's claim above all), the
   * store refuses the append and this runner simply moves on. One runner per run.
   */
  async claim(runId: string, runnerId: string, leaseMs: number): Promise<E.Either<DomainError, CheckoutRun>> {
    const { run, revision } = await this.load(runId);
    if (!run || revision === 'no_stream') return E.left(conflict('checkout_run_not_found', 'Not found'));
    const now = this.deps.clock.now();
    const decision = checkoutRunDecider.decide(
      { type: 'Claim', data: { runnerId, leaseUntil: new Date(now.getTime() + leaseMs), now } },
      run,
    );
    if (E.isLeft(decision)) return decision;
    const [claimed] = decision.right;
    if (!claimed) return E.left(conflict('checkout_run_already_claimed', 'This runner already holds the run'));
    try {
      await this.deps.store.appendToStream(
        checkoutRunStreamName(runId),
        [envelope(claimed, systemContext(run, runnerId), { eventId: this.deps.ids.uuid(), occurredAt: now })],
        { expectedRevision: revision },
      );
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError)
        return E.left(conflict('claim_lost', 'The run changed while it was being claimed'));
      throw error;
    }
    const after = checkoutRunDecider.evolve(run, claimed);
    return after.exists ? E.right(after) : E.left(conflict('checkout_run_not_found', 'Not found'));
  }
}
