import { Inject, Module, type Provider } from '@nestjs/common';
import type { ReadModelDatabase } from '@paykit/projections';
import { EffectLedger } from '../infrastructure/effects/effect-ledger.js';
import { ProjectionsHost } from '../infrastructure/projections-host.js';
import { erasableKeysProvider } from '../infrastructure/secrets/erasable-keys.js';
import { READ_MODEL_DATABASE } from '../infrastructure/tokens.js';
import { CardIssuingModule } from '../card-issuing/card-issuing.module.js';
import { BrowserProfileStates } from './browser-profiles/browser-profile-states.js';
import { BrowserProfiles } from './browser-profiles/browser-profiles.js';
import { BrowserProfilesController } from './browser-profiles/browser-profiles.controller.js';
import { BrowserProfileRows, browserProfilesProjection } from './browser-profiles/browser-profiles.projection.js';
import { CreateBrowserProfileHandler } from './browser-profiles/create/create-browser-profile.handler.js';
import { DeleteBrowserProfileHandler } from './browser-profiles/delete/delete-browser-profile.handler.js';
import { ErasureWorker } from './browser-profiles/erasure-worker.js';
import { GetBrowserProfileHandler } from './browser-profiles/read/get-browser-profile.handler.js';
import { ListBrowserProfilesHandler } from './browser-profiles/read/list-browser-profiles.handler.js';
import { RenameBrowserProfileHandler } from './browser-profiles/rename/rename-browser-profile.handler.js';
import { BuyerProfiles } from './buyer-profiles/buyer-profiles.js';
import { BuyerProfilesController } from './buyer-profiles/buyer-profiles.controller.js';
import { BuyerProfileRows, buyerProfilesProjection } from './buyer-profiles/buyer-profiles.projection.js';
import { CreateBuyerProfileHandler } from './buyer-profiles/create/create-buyer-profile.handler.js';
import { DeleteBuyerProfileHandler } from './buyer-profiles/delete/delete-buyer-profile.handler.js';
import { GetBuyerProfileHandler } from './buyer-profiles/read/get-buyer-profile.handler.js';
import { ListBuyerProfilesHandler } from './buyer-profiles/read/list-buyer-profiles.handler.js';
import { UpdateBuyerProfileHandler } from './buyer-profiles/update/update-buyer-profile.handler.js';
import { RunSnapshots } from './live-view/run-snapshots.js';
import { MessagesController } from './messages/messages.controller.js';
import { PostMessageHandler } from './messages/post/post-message.handler.js';
import { ProtectedAnswers } from './messages/protected-answers.js';
import { ListMessagesHandler } from './messages/read/list-messages.handler.js';
import { RunnerHost } from './runner/runner-host.js';
import { CancelRunHandler } from './runs/cancel/cancel-run.handler.js';
import { OwnedRuns } from './runs/owned-runs.js';
import { GetRunHandler } from './runs/read/get-run.handler.js';
import { GetRunScreenshotHandler } from './runs/read/get-run-screenshot.handler.js';
import { GetRunStepsHandler } from './runs/read/get-run-steps.handler.js';
import { ListProjectRunsHandler } from './runs/read/list-project-runs.handler.js';
import { ListRunsHandler } from './runs/read/list-runs.handler.js';
import { RunsController } from './runs/runs.controller.js';
import { RunRows, runsProjection } from './runs/runs.projection.js';
import { StartRunHandler } from './runs/start/start-run.handler.js';
import { StartUrlCheck } from './runs/start/start-url-check.js';
import { OwnerLists } from './shared/owner-lists.js';
import { storageProviders } from './shared/storage.providers.js';
import { OpenRunStreamHandler } from './stream/open/open-run-stream.handler.js';
import { RunStreamController } from './stream/run-stream.controller.js';
import { RunUpdatesHub } from './stream/run-updates-hub.js';

/** Reads of a projection, on the read-model database (the projection files stay free of Nest: read-models.ts). */
const readsOf = <Reads>(type: new (db: ReadModelDatabase) => Reads): Provider => ({
  provide: type,
  useFactory: (db: ReadModelDatabase) => new type(db),
  inject: [READ_MODEL_DATABASE],
});

/**
 * Agent checkouts under /unstable/agent-checkouts: runs (create, list, get, cancel), their
 * messages and event stream, buyer and browser profiles; the in-process runner and the
 * worker that erases deleted browser profiles.
 */
@Module({
  imports: [CardIssuingModule],
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
    erasableKeysProvider,
    OwnerLists,
    readsOf(RunRows),
    readsOf(BuyerProfileRows),
    readsOf(BrowserProfileRows),
    OwnedRuns,
    BuyerProfiles,
    BrowserProfiles,
    StartUrlCheck,
    RunSnapshots,
    ProtectedAnswers,
    RunUpdatesHub,
    BrowserProfileStates,
    StartRunHandler,
    GetRunHandler,
    GetRunStepsHandler,
    GetRunScreenshotHandler,
    ListRunsHandler,
    ListProjectRunsHandler,
    CancelRunHandler,
    ListMessagesHandler,
    PostMessageHandler,
    OpenRunStreamHandler,
    CreateBuyerProfileHandler,
    GetBuyerProfileHandler,
    ListBuyerProfilesHandler,
    UpdateBuyerProfileHandler,
    DeleteBuyerProfileHandler,
    CreateBrowserProfileHandler,
    GetBrowserProfileHandler,
    ListBrowserProfilesHandler,
    RenameBrowserProfileHandler,
    DeleteBrowserProfileHandler,
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
