import { Injectable } from '@nestjs/common';
import {
  type CheckoutRun,
  type CheckoutRunCommand,
  type CheckoutRunState,
  belongsTo,
  runErrors,
} from '@paykit/checkout-runs';
import { DomainException } from '@paykit/kernel';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { type Owner, ownerContext } from '../shared/owner.js';
import { CheckoutRunAggregate } from './checkout-run.aggregate.js';

const owned = (owner: Owner, state: CheckoutRunState | undefined): CheckoutRun => {
  if (!state?.exists || !belongsTo(state, owner)) throw new DomainException(runErrors.notFound());
  return state;
};

/**
 * An owner's runs, as the handlers of runs, messages and streams read and change them: a run
 * that is not theirs (another user, another project) is a 404 exactly like a run that does not exist.
 */
@Injectable()
export class OwnedRuns {
  constructor(private readonly aggregates: Aggregates) {}

  async get(owner: Owner, runId: string): Promise<CheckoutRun> {
    return owned(owner, (await this.aggregates.load(CheckoutRunAggregate, runId))?.state);
  }

  /** Checks ownership on the state read, then decides on fresh state (the run's owner never changes). */
  async execute(owner: Owner, runId: string, command: CheckoutRunCommand): Promise<CheckoutRun> {
    await this.get(owner, runId);
    const { state } = await this.aggregates.execute(CheckoutRunAggregate, runId, command, ownerContext(owner, runId));
    return owned(owner, state);
  }

  /** The clock commands take their time from. */
  now(): Date {
    return this.aggregates.now();
  }
}
