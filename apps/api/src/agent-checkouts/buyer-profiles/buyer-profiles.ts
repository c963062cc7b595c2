import { Injectable } from '@nestjs/common';
import {
  type BuyerProfile,
  type BuyerProfileCommand,
  type BuyerProfileState,
  isVisibleTo,
} from '@paykit/agent-profiles';
import type { BuyerProfile as BuyerProfileResponse } from '@paykit/contracts';
import { DomainException, domainError } from '@paykit/kernel';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { type DataKey, ErasableKeys } from '../../infrastructure/secrets/erasable-keys.js';
import { type Owner, ownerContext } from '../shared/owner.js';
import { buyerProfileAggregate } from './buyer-profile.aggregate.js';
import { type StoredProfileRow, presentBuyerProfile } from './buyer-profiles.projection.js';
import { ERASED_DETAILS, dataKeyOwnerOf, openDetails } from './sealed-details.js';

/** Live, the owner's, and readable: a profile whose data key is erased is gone, deleted or not yet. */
const isReadableBy = (owner: Owner, state: BuyerProfileState | undefined): state is BuyerProfile =>
  state !== undefined && isVisibleTo(state, owner) && state.details !== ERASED_DETAILS;

const profileNotFound = () => new DomainException(domainError('not_found', 'buyer_profile_not_found', 'Not found'));

/** The profile if the owner has it and it is not deleted; a 404 otherwise. */
export const visibleTo = (owner: Owner, state: BuyerProfileState | undefined): BuyerProfile => {
  if (!isReadableBy(owner, state)) throw profileNotFound();
  return state;
};

export const presentProfile = (profile: BuyerProfile): BuyerProfileResponse =>
  presentBuyerProfile(profile.profileId, profile.details, profile.createdAt, profile.updatedAt);

/**
 * Buyer profiles, each its own stream, as the profile handlers, a run's creation and the runner
 * read and change them: every read and write goes through the profile's data key (ADR 0509).
 */
@Injectable()
export class BuyerProfiles {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly keys: ErasableKeys,
  ) {}

  /** The owner's readable profile, or null. */
  async find(owner: Owner, profileId: string): Promise<BuyerProfile | null> {
    const key = await this.keys.find(dataKeyOwnerOf(profileId));
    const state = (await this.aggregates.load(buyerProfileAggregate(key), profileId))?.state;
    return isReadableBy(owner, state) ? state : null;
  }

  async get(owner: Owner, profileId: string): Promise<BuyerProfile> {
    return visibleTo(owner, (await this.find(owner, profileId)) ?? undefined);
  }

  /** The decider checks the owner on every command but creation. */
  async execute(owner: Owner, profileId: string, command: BuyerProfileCommand): Promise<BuyerProfileState> {
    const key = await this.keyFor(owner, profileId, command);
    const { state } = await this.aggregates.execute(
      buyerProfileAggregate(key),
      profileId,
      command,
      ownerContext(owner, profileId),
    );
    return state;
  }

  /**
   * Erases the owner's profile: its data key first, so that from then on nothing sealed under it
   * opens (the profile reads as gone even if what follows fails), then the deletion itself, which
   * a retry also finishes for a profile whose key is already gone.
   */
  async delete(owner: Owner, profileId: string): Promise<void> {
    const state = (await this.aggregates.load(buyerProfileAggregate(null), profileId))?.state;
    if (!state || !isVisibleTo(state, owner)) throw profileNotFound();
    await this.keys.erase(dataKeyOwnerOf(profileId));
    await this.execute(owner, profileId, { type: 'Delete', data: { caller: owner, now: this.now() } });
  }

  /** A row of the owner's list in clear; null once its data key is erased (its deletion under way). */
  async present(row: StoredProfileRow): Promise<BuyerProfileResponse | null> {
    const key = 'details' in row.stored ? null : await this.keys.find(dataKeyOwnerOf(row.id));
    const details = openDetails(key, row.id, row.stored);
    return details === ERASED_DETAILS ? null : presentBuyerProfile(row.id, details, row.createdAt, row.updatedAt);
  }

  /** The clock commands take their time from. */
  now(): Date {
    return this.aggregates.now();
  }

  private async keyFor(owner: Owner, profileId: string, command: BuyerProfileCommand): Promise<DataKey | null> {
    const keyOwner = dataKeyOwnerOf(profileId);
    if (command.type === 'Create') return this.keys.issue(keyOwner, ownerContext(owner, profileId));
    const key = await this.keys.find(keyOwner);
    if (key || command.type === 'Delete') return key;
    // A profile written before data keys (ADR 0509) gets one at its first change, which is sealed;
    // any other without a key is gone (its key erased) or not the owner's.
    const legacy = (await this.aggregates.load(buyerProfileAggregate(null), profileId))?.state;
    if (!isReadableBy(owner, legacy)) throw profileNotFound();
    return this.keys.issue(keyOwner, ownerContext(owner, profileId));
  }
}
