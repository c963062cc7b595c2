import { Inject, Injectable } from '@nestjs/common';
import type {
  BuyerProfile as BuyerProfileResponse,
  BuyerProfileCreateBody,
  BuyerProfileUpdateBody,
} from '@paykit/contracts';
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
  type BuyerProfile,
  buyerProfileDecider,
  buyerProfileStreamName,
  isVisibleTo,
} from '@paykit/agent-profiles';
import { BUYER_PROFILES_PROJECTION, BuyerProfileRows, presentBuyerProfile } from './buyer-profiles.projection.js';

const present = (profile: BuyerProfile): BuyerProfileResponse =>
  presentBuyerProfile(profile.profileId, profile.details, profile.createdAt, profile.updatedAt);

const context = (caller: Caller, profileId: string) => ({
  projectId: caller.projectId,
  actor: { type: 'user' as const, id: caller.subject },
  correlationId: profileId,
});

/** Buyer profiles: each its own stream, listed from a projection of its owner's profiles. */
@Injectable()
export class BuyerProfilesService {
  private readonly rows: BuyerProfileRows;

  constructor(
    @Inject(AggregateCommands) private readonly aggregates: AggregateCommands,
    @Inject(FreshReads) private readonly fresh: FreshReads,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @Inject(AGENT_CHECKOUT_CURSORS) private readonly cursors: SignedCursors,
    @Inject(READ_MODEL_DATABASE) db: ReadModelDatabase,
  ) {
    this.rows = new BuyerProfileRows(db);
  }

  async create(caller: Caller, details: BuyerProfileCreateBody): Promise<BuyerProfileResponse> {
    const profileId = this.ids.uuid();
    const { state } = await this.aggregates.execute(
      buyerProfileDecider,
      buyerProfileStreamName(profileId),
      { type: 'Create', data: { profileId, caller, details, now: this.aggregates.now() } },
      context(caller, profileId),
    );
    return present(this.visible(state, caller));
  }

  async get(caller: Caller, profileId: string): Promise<BuyerProfileResponse> {
    return present(await this.require(caller, profileId));
  }

  /** The profile if the caller owns it and it is not deleted; a 404 otherwise. */
  async require(caller: Caller, profileId: string): Promise<BuyerProfile> {
    return this.visible(await this.aggregates.load(buyerProfileDecider, buyerProfileStreamName(profileId)), caller);
  }

  async list(
    caller: Caller,
    query: { cursor?: string | undefined; limit: number },
  ): Promise<Page<BuyerProfileResponse>> {
    await this.fresh.catchUp(BUYER_PROFILES_PROJECTION);
    return newestFirstPage({
      cursors: this.cursors,
      binding: `buyer-profiles\n${caller.projectId}\n${caller.subject}`,
      cursor: query.cursor,
      limit: query.limit,
      fetch: (from, count, direction) => this.rows.page(caller, from, count, direction),
      present: (profile) => profile,
    });
  }

  async update(caller: Caller, profileId: string, changes: BuyerProfileUpdateBody): Promise<BuyerProfileResponse> {
    const { state } = await this.aggregates.execute(
      buyerProfileDecider,
      buyerProfileStreamName(profileId),
      { type: 'Update', data: { caller, changes, now: this.aggregates.now() } },
      context(caller, profileId),
    );
    return present(this.visible(state, caller));
  }

  async delete(caller: Caller, profileId: string): Promise<void> {
    await this.aggregates.execute(
      buyerProfileDecider,
      buyerProfileStreamName(profileId),
      { type: 'Delete', data: { caller, now: this.aggregates.now() } },
      context(caller, profileId),
    );
  }

  private visible(state: Parameters<typeof isVisibleTo>[0], caller: Caller): BuyerProfile {
    if (!isVisibleTo(state, caller))
      throw new DomainException(domainError('not_found', 'buyer_profile_not_found', 'Not found'));
    return state;
  }
}
