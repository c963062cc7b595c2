import { Inject, Injectable } from '@nestjs/common';
import {
  type RunPolicy,
  type RunSnapshot,
  checkoutRunDecider,
  checkoutRunStreamName,
} from '@paykit/checkout-runs';
import type { AgentCheckoutInput } from '@paykit/contracts';
import { type IdGenerator, DomainException, invalid, isDomainError } from '@paykit/kernel';
import type { ReadModelDatabase } from '@paykit/projections';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, ID_GENERATOR, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { BrowserProfilesService } from '../browser-profiles/browser-profiles.service.js';
import { BuyerProfilesService } from '../buyer-profiles/buyer-profiles.service.js';
import { RunSnapshots } from '../live-view/run-snapshots.js';
import { AggregateCommands } from '../shared/aggregate-commands.js';
import type { Caller } from '../shared/caller.js';
import { FreshReads } from '../shared/fresh-reads.js';
import { type Page, newestFirstPage } from '../../http/pagination/newest-first-page.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { AGENT_CHECKOUT_CURSORS } from '../shared/tokens.js';
import { CallerRuns } from './caller-runs.js';
import { RUNS_PROJECTION, RunRows } from './runs.projection.js';
import { StartUrlCheck } from './start-url-check.js';

/** A profile the input names must exist for the caller: otherwise a 400 naming the field. */
const referenceNotFound = (code: string, field: string, what: string) =>
  new DomainException(invalid(code, `${field}: no ${what} with this id exists for this user`, { field }));

const isNotFound = (error: unknown): boolean =>
  error instanceof DomainException && isDomainError(error.error) && error.error.kind === 'not_found';

/** Create, read, list and cancel runs for a caller. */
@Injectable()
export class RunsService {
  private readonly rows: RunRows;
  private readonly policy: RunPolicy;

  constructor(
    @Inject(AggregateCommands) private readonly aggregates: AggregateCommands,
    @Inject(CallerRuns) private readonly runs: CallerRuns,
    @Inject(StartUrlCheck) private readonly startUrls: StartUrlCheck,
    @Inject(BuyerProfilesService) private readonly buyerProfiles: BuyerProfilesService,
    @Inject(BrowserProfilesService) private readonly browserProfiles: BrowserProfilesService,
    @Inject(FreshReads) private readonly fresh: FreshReads,
    @Inject(RunSnapshots) private readonly snapshots: RunSnapshots,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(READ_MODEL_DATABASE) db: ReadModelDatabase,
  ) {
    this.rows = new RunRows(db);
    this.policy = {
      maxSteps: config.AGENT_CHECKOUT_MAX_STEPS,
      maxDurationMs: config.AGENT_CHECKOUT_MAX_DURATION_MS,
      maxTakeovers: config.AGENT_CHECKOUT_MAX_TAKEOVERS,
    };
  }

  /** Queues a run. Its budgets are today's configuration, fixed in its first event. */
  async create(caller: Caller, input: AgentCheckoutInput): Promise<RunSnapshot> {
    await this.startUrls.check(input.request.startUrl);
    const runId = this.ids.uuid();
    if (input.buyerProfileId !== undefined) {
      await this.buyerProfiles
        .require(caller, input.buyerProfileId)
        .catch(rethrowNotFound(referenceNotFound('buyer_profile_not_found', 'buyerProfileId', 'buyer profile')));
    }
    const browserProfileId = input.browser?.profileId;
    if (browserProfileId !== undefined) {
      // Reserved in the profile's stream before the run exists: a deletion decided after this
      // sees the run and waits for it; one decided before refuses the reservation.
      await this.browserProfiles
        .reserveForRun(caller, browserProfileId, runId)
        .catch(rethrowNotFound(referenceNotFound('browser_profile_not_found', 'browser.profileId', 'browser profile')));
    }
    const { state } = await this.aggregates.execute(
      checkoutRunDecider,
      checkoutRunStreamName(runId),
      {
        type: 'Create',
        data: {
          runId,
          projectId: caller.projectId,
          owner: caller.subject,
          input,
          policy: this.policy,
          now: this.aggregates.now(),
        },
      },
      { projectId: caller.projectId, actor: { type: 'user', id: caller.subject }, correlationId: runId },
    );
    if (!state.exists) throw new Error('a created run exists');
    return this.snapshots.of(state);
  }

  async get(caller: Caller, runId: string): Promise<RunSnapshot> {
    return this.snapshots.of(await this.runs.get(caller, runId));
  }

  /** The user's cancel: at once when queued or waiting for an answer, between steps when running. */
  async cancel(caller: Caller, runId: string): Promise<RunSnapshot> {
    const { state } = await this.runs.execute(caller, runId, { type: 'Cancel', data: { now: this.aggregates.now() } });
    return this.snapshots.of(state);
  }

  async list(
    caller: Caller,
    query: { cursor?: string | undefined; limit?: number | undefined },
  ): Promise<Page<RunSnapshot>> {
    await this.fresh.catchUp(RUNS_PROJECTION);
    return newestFirstPage({
      cursors: this.cursors,
      binding: `runs\n${caller.projectId}\n${caller.subject}`,
      cursor: query.cursor,
      limit: query.limit ?? DEFAULT_LIST_LIMIT,
      fetch: (from, count, direction) => this.rows.page(caller, from, count, direction),
      present: (row) => this.snapshots.of(row.run),
    });
  }
}

export const DEFAULT_LIST_LIMIT = 20;

const rethrowNotFound =
  (replacement: DomainException) =>
  (error: unknown): never => {
    throw isNotFound(error) ? replacement : error;
  };
