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
import { type Owner, ownerContext } from '../shared/owner.js';
import { BuyerProfileAggregate } from './buyer-profile.aggregate.js';
import { presentBuyerProfile } from './buyer-profiles.projection.js';

/** The profile if the owner has it and it is not deleted; a 404 otherwise. */
export const visibleTo = (owner: Owner, state: BuyerProfileState | undefined): BuyerProfile => {
  if (!state || !isVisibleTo(state, owner))
    throw new DomainException(domainError('not_found', 'buyer_profile_not_found', 'Not found'));
  return state;
};

export const presentProfile = (profile: BuyerProfile): BuyerProfileResponse =>
  presentBuyerProfile(profile.profileId, profile.details, profile.createdAt, profile.updatedAt);

/** Buyer profiles, each its own stream, as the profile handlers and a run's creation read and change them. */
@Injectable()
export class BuyerProfiles {
  constructor(private readonly aggregates: Aggregates) {}

  async get(owner: Owner, profileId: string): Promise<BuyerProfile> {
    return visibleTo(owner, (await this.aggregates.load(BuyerProfileAggregate, profileId))?.state);
  }

  /** The decider checks the owner on every command but creation. */
  async execute(owner: Owner, profileId: string, command: BuyerProfileCommand): Promise<BuyerProfileState> {
    const { state } = await this.aggregates.execute(
      BuyerProfileAggregate,
      profileId,
      command,
      ownerContext(owner, profileId),
    );
    return state;
  }

  /** The clock commands take their time from. */
  now(): Date {
    return this.aggregates.now();
  }
}
