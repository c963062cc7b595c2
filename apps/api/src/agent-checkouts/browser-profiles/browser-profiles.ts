import { Injectable } from '@nestjs/common';
import {
  type BrowserProfile,
  type BrowserProfileCommand,
  type BrowserProfilesState,
  browserProfilesDecider,
  browserProfilesId,
  isOwnedBy,
  liveProfile,
} from '@paykit/agent-profiles';
import type { BrowserProfile as BrowserProfileResponse } from '@paykit/contracts';
import { DomainException, domainError } from '@paykit/kernel';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { type Owner, ownerContext } from '../shared/owner.js';
import { BrowserProfilesAggregate } from './browser-profiles.aggregate.js';
import { presentBrowserProfile } from './browser-profiles.projection.js';

const notFound = () => new DomainException(domainError('not_found', 'browser_profile_not_found', 'Not found'));

/** A live profile of the state; a 404 otherwise (deleted, or never there). */
export const liveOrNotFound = (state: BrowserProfilesState, profileId: string): BrowserProfile => {
  const profile = liveProfile(state, profileId);
  if (!profile) throw notFound();
  return profile;
};

export const presentProfile = (profile: BrowserProfile): BrowserProfileResponse =>
  presentBrowserProfile({ id: profile.profileId, ...profile });

/** A stream nobody wrote yet is the owner's (empty); one another owner hashes to is not. */
const owned = (owner: Owner, state: BrowserProfilesState): BrowserProfilesState => {
  if (state.projectId !== null && !isOwnedBy(state, owner)) throw notFound();
  return state;
};

/**
 * An owner's browser profiles, all in one stream (see the decider), as the profile handlers and
 * a run's creation (which reserves the profile it names) read and change them.
 */
@Injectable()
export class BrowserProfiles {
  constructor(private readonly aggregates: Aggregates) {}

  async load(owner: Owner): Promise<BrowserProfilesState> {
    const loaded = await this.aggregates.load(BrowserProfilesAggregate, browserProfilesId(owner));
    return owned(owner, loaded?.state ?? browserProfilesDecider.initialState());
  }

  async execute(owner: Owner, command: BrowserProfileCommand): Promise<BrowserProfilesState> {
    const { state } = await this.aggregates.execute(
      BrowserProfilesAggregate,
      browserProfilesId(owner),
      command,
      ownerContext(owner, command.data.profileId),
    );
    return owned(owner, state);
  }

  /** The clock commands take their time from. */
  now(): Date {
    return this.aggregates.now();
  }
}
