import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type RecordedStep, readRunRecord } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import { EVENT_STORE } from '../../../infrastructure/tokens.js';
import type { Owner } from '../../shared/owner.js';
import { OwnedRuns } from '../owned-runs.js';

/**
 * The owner's run's recorded steps, in order (after a takeover, every runner's): what it did,
 * where, and the blob key of each step's screenshot. Not in the snapshot, which the API keeps
 * to the spec's fields; the console's run page shows them (ADR 0821).
 */
export class GetRunSteps extends Query<readonly RecordedStep[]> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRunSteps)
export class GetRunStepsHandler implements IQueryHandler<GetRunSteps> {
  constructor(
    private readonly runs: OwnedRuns,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ owner, runId }: GetRunSteps): Promise<readonly RecordedStep[]> {
    await this.runs.get(owner, runId);
    return (await readRunRecord(this.store, runId)).steps;
  }
}
