import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { RunSnapshot } from '@paykit/checkout-runs';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import type { Owner } from '../../shared/owner.js';
import { OwnedRuns } from '../owned-runs.js';

/** `GET /unstable/agent-checkouts/{runId}`: the owner's run as it stands now, from its stream. */
export class GetRun extends Query<RunSnapshot> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
  ) {
    super();
  }
}

@QueryHandler(GetRun)
export class GetRunHandler implements IQueryHandler<GetRun> {
  constructor(
    private readonly runs: OwnedRuns,
    private readonly snapshots: RunSnapshots,
  ) {}

  async execute({ owner, runId }: GetRun): Promise<RunSnapshot> {
    return this.snapshots.of(await this.runs.get(owner, runId));
  }
}
