import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RunSnapshot } from '@paykit/checkout-runs';
import { RunSnapshots } from '../../live-view/run-snapshots.js';
import type { Owner } from '../../shared/owner.js';
import { OwnedRuns } from '../owned-runs.js';

/** `POST /unstable/agent-checkouts/{runId}/cancel`: at once when queued or waiting for an answer, between steps when running. */
export class CancelRun extends Command<RunSnapshot> {
  constructor(
    readonly owner: Owner,
    readonly runId: string,
  ) {
    super();
  }
}

@CommandHandler(CancelRun)
export class CancelRunHandler implements ICommandHandler<CancelRun> {
  constructor(
    private readonly runs: OwnedRuns,
    private readonly snapshots: RunSnapshots,
  ) {}

  async execute({ owner, runId }: CancelRun): Promise<RunSnapshot> {
    return this.snapshots.of(await this.runs.execute(owner, runId, { type: 'Cancel', data: { now: this.runs.now() } }));
  }
}
