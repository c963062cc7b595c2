import { Inject, Injectable } from '@nestjs/common';
import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type CheckoutRunEvent,
  type CheckoutRunState,
  belongsTo,
  checkoutRunDecider,
  checkoutRunStreamName,
  runErrors,
} from '@paykit/checkout-runs';
import { DomainException } from '@paykit/kernel';
import { AggregateCommands, type CommandResult } from '../shared/aggregate-commands.js';
import type { Caller } from '../shared/caller.js';

/**
 * A caller's access to runs: a run that is not theirs (another user, another project) is a 404
 * exactly like a run that does not exist.
 */
@Injectable()
export class CallerRuns {
  constructor(@Inject(AggregateCommands) private readonly aggregates: AggregateCommands) {}

  async get(caller: Caller, runId: string): Promise<CheckoutRun> {
    return this.owned(caller, await this.aggregates.load(checkoutRunDecider, checkoutRunStreamName(runId)));
  }

  /** Checks ownership on the state read, then decides on fresh state (the run's owner never changes). */
  async execute(
    caller: Caller,
    runId: string,
    command: CheckoutRunCommand,
  ): Promise<CommandResult<CheckoutRunEvent, CheckoutRun>> {
    await this.get(caller, runId);
    const result = await this.aggregates.execute(checkoutRunDecider, checkoutRunStreamName(runId), command, {
      projectId: caller.projectId,
      actor: { type: 'user', id: caller.subject },
      correlationId: runId,
    });
    return { ...result, state: this.owned(caller, result.state) };
  }

  private owned(caller: Caller, state: CheckoutRunState): CheckoutRun {
    if (!state.exists || !belongsTo(state, caller)) throw new DomainException(runErrors.notFound());
    return state;
  }
}
