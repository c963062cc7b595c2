import { type Decider, type DomainError, type DomainEvent, domainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { ProfileOwner as Caller } from '../profile-owner.js';
import type { BuyerProfileChanges, BuyerProfileDetails } from './buyer-profile-details.js';

export const BUYER_PROFILE_STREAM_PREFIX = 'buyerProfile-';
export const buyerProfileStreamName = (profileId: string): string => `${BUYER_PROFILE_STREAM_PREFIX}${profileId}`;

export type BuyerProfileEvent =
  | DomainEvent<
      'BuyerProfileCreated',
      { profileId: string; projectId: string; owner: string; details: BuyerProfileDetails; createdAt: string }
    >
  /** Carries the whole profile after the change, so readers need no merge rules. */
  | DomainEvent<'BuyerProfileUpdated', { profileId: string; details: BuyerProfileDetails; updatedAt: string }>
  | DomainEvent<'BuyerProfileDeleted', { profileId: string; deletedAt: string }>;

export type BuyerProfileCommand =
  | { type: 'Create'; data: { profileId: string; caller: Caller; details: BuyerProfileDetails; now: Date } }
  | { type: 'Update'; data: { caller: Caller; changes: BuyerProfileChanges; now: Date } }
  | { type: 'Delete'; data: { caller: Caller; now: Date } };

export interface BuyerProfile {
  readonly exists: true;
  readonly profileId: string;
  readonly projectId: string;
  readonly owner: string;
  readonly details: BuyerProfileDetails;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deleted: boolean;
}

export type BuyerProfileState = { readonly exists: false } | BuyerProfile;

const notFound = (): DomainError => domainError('not_found', 'buyer_profile_not_found', 'Not found');

/** A profile is visible to its owner (a subject under a project) until it is deleted. */
export const isVisibleTo = (state: BuyerProfileState, caller: Caller): state is BuyerProfile =>
  state.exists && !state.deleted && state.projectId === caller.projectId && state.owner === caller.subject;

/** PATCH: given fields replace the stored ones, `null` removes an optional one. */
const applyChanges = (details: BuyerProfileDetails, changes: BuyerProfileChanges): BuyerProfileDetails => {
  const next: Record<string, unknown> = { ...details };
  for (const [field, value] of Object.entries(changes)) {
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next as unknown as BuyerProfileDetails;
};

const decide = (command: BuyerProfileCommand, state: BuyerProfileState): E.Either<DomainError, BuyerProfileEvent[]> => {
  const at = command.data.now.toISOString();
  if (command.type === 'Create') {
    if (state.exists)
      return E.left(domainError('conflict', 'buyer_profile_exists', 'A buyer profile with this id exists'));
    const { profileId, caller, details } = command.data;
    return E.right([
      {
        type: 'BuyerProfileCreated',
        data: { profileId, projectId: caller.projectId, owner: caller.subject, details, createdAt: at },
      },
    ]);
  }
  if (!isVisibleTo(state, command.data.caller)) return E.left(notFound());
  if (command.type === 'Delete')
    return E.right([{ type: 'BuyerProfileDeleted', data: { profileId: state.profileId, deletedAt: at } }]);
  const details = applyChanges(state.details, command.data.changes);
  return E.right([{ type: 'BuyerProfileUpdated', data: { profileId: state.profileId, details, updatedAt: at } }]);
};

const evolve = (state: BuyerProfileState, event: BuyerProfileEvent): BuyerProfileState => {
  switch (event.type) {
    case 'BuyerProfileCreated': {
      const { profileId, projectId, owner, details, createdAt } = event.data;
      return { exists: true, profileId, projectId, owner, details, createdAt, updatedAt: createdAt, deleted: false };
    }
    case 'BuyerProfileUpdated':
      return state.exists ? { ...state, details: event.data.details, updatedAt: event.data.updatedAt } : state;
    case 'BuyerProfileDeleted':
      return state.exists ? { ...state, deleted: true } : state;
  }
};

export const buyerProfileDecider: Decider<BuyerProfileCommand, BuyerProfileEvent, BuyerProfileState, DomainError> = {
  decide,
  evolve,
  initialState: () => ({ exists: false }),
};
