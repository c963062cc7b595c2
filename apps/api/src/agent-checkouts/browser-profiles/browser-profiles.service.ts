import { Inject, Injectable } from '@nestjs/common';
import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import { type IdGenerator, DomainException, domainError } from '@paykit/kernel';
import type { ReadModelDatabase } from '@paykit/projections';
import { ID_GENERATOR, READ_MODEL_DATABASE } from '../../infrastructure/tokens.js';
import { AggregateCommands } from '../shared/aggregate-commands.js';
import type { Caller } from '../shared/caller.js';
import { FreshReads } from '../shared/fresh-reads.js';
import { type Page, newestFirstPage } from '../../http/pagination/newest-first-page.js';
import type { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { AGENT_CHECKOUT_CURSORS } from '../shared/tokens.js';
import {
  type BrowserProfile,
  type BrowserProfileCommand,
  type BrowserProfilesState,
  browserProfilesDecider,
  browserProfilesStreamName,
  liveProfile,
} from '@paykit/agent-profiles';
import {
  BROWSER_PROFILES_PROJECTION,
  BrowserProfileRows,
  presentBrowserProfile,
} from './browser-profiles.projection.js';

const notFound = () => new DomainException(domainError('not_found', 'browser_profile_not_found', 'Not found'));
const present = (profile: BrowserProfile) => presentBrowserProfile({ id: profile.profileId, ...profile });

/** Browser profiles of a subject: one stream per subject (see the decider), a projection for lists. */
@Injectable()
export class BrowserProfilesService {
  private readonly rows: BrowserProfileRows;

  constructor(
    @Inject(AggregateCommands) private readonly aggregates: AggregateCommands,
    @Inject(FreshReads) private readonly fresh: FreshReads,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
    @Inject(READ_MODEL_DATABASE) db: ReadModelDatabase,
  ) {
    this.rows = new BrowserProfileRows(db);
  }

  async create(caller: Caller, label: string | undefined): Promise<BrowserProfileResponse> {
    const profileId = this.ids.uuid();
    const state = await this.execute(caller, {
      type: 'Create',
      data: { profileId, caller, label, now: this.aggregates.now() },
    });
    return present(this.live(state, profileId));
  }

  async get(caller: Caller, profileId: string): Promise<BrowserProfileResponse> {
    return present(this.live(await this.load(caller), profileId));
  }

  async list(
    caller: Caller,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<Page<BrowserProfileResponse>> {
    await this.fresh.catchUp(BROWSER_PROFILES_PROJECTION);
    return newestFirstPage({
      cursors: this.cursors,
      binding: `browser-profiles\n${caller.projectId}\n${caller.subject}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (from, count, direction) => this.rows.page(caller, from, count, direction),
      present: (profile) => profile,
    });
  }

  async rename(caller: Caller, profileId: string, label: string): Promise<BrowserProfileResponse> {
    const state = await this.execute(caller, {
      type: 'Rename',
      data: { profileId, label, now: this.aggregates.now() },
    });
    return present(this.live(state, profileId));
  }

  /**
   * Gone at once for new runs; the erasure of its saved state is scheduled in the same append,
   * so either both happen or (the store unavailable: a 503) neither, and the profile is intact.
   */
  async delete(caller: Caller, profileId: string): Promise<void> {
    await this.execute(caller, {
      type: 'Delete',
      data: { profileId, jobId: this.ids.uuid(), now: this.aggregates.now() },
    });
  }

  /** Records that a run is starting on the profile; refused (404) when the profile is not live. */
  async reserveForRun(caller: Caller, profileId: string, runId: string): Promise<void> {
    await this.execute(caller, { type: 'ReserveForRun', data: { profileId, runId, now: this.aggregates.now() } });
  }

  private async load(caller: Caller): Promise<BrowserProfilesState> {
    return this.owned(caller, await this.aggregates.load(browserProfilesDecider, browserProfilesStreamName(caller)));
  }

  private async execute(caller: Caller, command: BrowserProfileCommand): Promise<BrowserProfilesState> {
    const { state } = await this.aggregates.execute(
      browserProfilesDecider,
      browserProfilesStreamName(caller),
      command,
      {
        projectId: caller.projectId,
        actor: { type: 'user', id: caller.subject },
        correlationId: command.data.profileId,
      },
    );
    return this.owned(caller, state);
  }

  /** The stream is named by a hash of the caller; its first event says whose it really is. */
  private owned(caller: Caller, state: BrowserProfilesState): BrowserProfilesState {
    const mine = state.projectId === null || (state.projectId === caller.projectId && state.owner === caller.subject);
    if (!mine) throw notFound();
    return state;
  }

  private live(state: BrowserProfilesState, profileId: string): BrowserProfile {
    const profile = liveProfile(state, profileId);
    if (!profile) throw notFound();
    return profile;
  }
}
