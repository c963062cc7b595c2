import { Inject, Module } from '@nestjs/common';
import { EffectLedger } from '../infrastructure/effects/effect-ledger.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { BrowserProfileStates } from './browser-profiles/browser-profile-states.js';
import { BrowserProfilesController } from './browser-profiles/browser-profiles.controller.js';
import { browserProfilesProjection } from './browser-profiles/browser-profiles.projection.js';
import { BrowserProfilesService } from './browser-profiles/browser-profiles.service.js';
import { ErasureWorker } from './browser-profiles/erasure-worker.js';
import { BuyerProfilesController } from './buyer-profiles/buyer-profiles.controller.js';
import { buyerProfilesProjection } from './buyer-profiles/buyer-profiles.projection.js';
import { BuyerProfilesService } from './buyer-profiles/buyer-profiles.service.js';
import { RunSnapshots } from './live-view/run-snapshots.js';
import { MessagesController } from './messages/messages.controller.js';
import { MessagesService } from './messages/messages.service.js';
import { ProtectedAnswers } from './messages/protected-answers.js';
import { RunnerHost } from './runner/runner-host.js';
import { CallerRuns } from './runs/caller-runs.js';
import { RunsController } from './runs/runs.controller.js';
import { runsProjection } from './runs/runs.projection.js';
import { RunsService } from './runs/runs.service.js';
import { StartUrlCheck } from './runs/start-url-check.js';
import { AggregateCommands } from './shared/aggregate-commands.js';
import { FreshReads } from './shared/fresh-reads.js';
import { storageProviders } from './shared/storage.providers.js';
import { RunStreamController } from './stream/run-stream.controller.js';
import { RunStreams } from './stream/run-streams.js';
import { RunUpdatesHub } from './stream/run-updates-hub.js';

/**
 * Agent checkouts under /unstable/agent-checkouts: runs (create, list, get, cancel), their
 * messages and event stream, buyer and browser profiles; the in-process runner and the
 * worker that erases deleted browser profiles.
 */
@Module({
  // Static routes (buyer-profiles, browser-profiles) are matched before `:runId` by the router.
  controllers: [
    RunsController,
    MessagesController,
    RunStreamController,
    BuyerProfilesController,
    BrowserProfilesController,
  ],
  providers: [
    ...storageProviders,
    AggregateCommands,
    FreshReads,
    CallerRuns,
    StartUrlCheck,
    RunSnapshots,
    RunsService,
    MessagesService,
    ProtectedAnswers,
    RunUpdatesHub,
    RunStreams,
    BuyerProfilesService,
    BrowserProfilesService,
    BrowserProfileStates,
    ErasureWorker,
    RunnerHost,
    EffectLedger,
  ],
  exports: [RunnerHost, ErasureWorker, BrowserProfileStates],
})
export class AgentCheckoutsModule {
  constructor(@Inject(ProjectionsHost) projections: ProjectionsHost) {
    projections.register(runsProjection, buyerProfilesProjection, browserProfilesProjection);
  }
}
