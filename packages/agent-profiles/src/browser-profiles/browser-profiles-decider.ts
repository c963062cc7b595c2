import { type Decider, type DomainError, type DomainEvent, domainError, sha256Hex } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import type { ProfileOwner as Caller } from '../profile-owner.js';

/**
 * All browser profiles of one subject live in one stream, so the rules that span them are
 * decided on one state at one expected revision: a subject has at most one live profile, and
 * a run reserves a profile in the same stream a deletion is decided in, so no run can start
 * on a profile whose erasure was already scheduled.
 */
export const BROWSER_PROFILES_STREAM_PREFIX = 'browserProfiles-';
/** The id of a subject's profiles (the aggregate): a hash of project and subject, never the raw subject. */
export const browserProfilesId = (caller: Caller): string =>
  sha256Hex(`${caller.projectId}\n${caller.subject}`).slice(0, 40);
export const browserProfilesStream = (id: string): string => `${BROWSER_PROFILES_STREAM_PREFIX}${id}`;
export const browserProfilesStreamName = (caller: Caller): string => browserProfilesStream(browserProfilesId(caller));

type Event<Type extends string, Data> = DomainEvent<Type, Data & { readonly profileId: string }>;

export type BrowserProfileEvent =
  | Event<'BrowserProfileCreated', { projectId: string; owner: string; label?: string; createdAt: string }>
  | Event<'BrowserProfileRenamed', { label: string; updatedAt: string }>
  | Event<'BrowserProfileReservedForRun', { runId: string; reservedAt: string }>
  | Event<'BrowserProfileDeleted', { deletedAt: string }>
  /** The erasure job: carried out by a worker once no unfinished run uses the profile. */
  | Event<'BrowserProfileErasureScheduled', { jobId: string; scheduledAt: string }>
  | Event<'BrowserProfileStateErased', { jobId: string; erasedAt: string }>;

export type BrowserProfileCommand =
  | { type: 'Create'; data: { profileId: string; caller: Caller; label?: string; now: Date } }
  | { type: 'Rename'; data: { profileId: string; label: string; now: Date } }
  | { type: 'ReserveForRun'; data: { profileId: string; runId: string; now: Date } }
  | { type: 'Delete'; data: { profileId: string; jobId: string; now: Date } }
  | { type: 'RecordErasure'; data: { profileId: string; now: Date } };

export interface BrowserProfile {
  readonly profileId: string;
  readonly label?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly status: 'live' | 'deleted' | 'erased';
  readonly erasureJobId: string | null;
  /** Runs that named the profile, in order; the erasure waits until each has finished. */
  readonly reservations: readonly { readonly runId: string; readonly reservedAt: string }[];
}

export interface BrowserProfilesState {
  readonly projectId: string | null;
  readonly owner: string | null;
  readonly profiles: Readonly<Record<string, BrowserProfile>>;
}

const notFound = (): DomainError => domainError('not_found', 'browser_profile_not_found', 'Not found');

/** The stream is named by a hash of its owner; its first event says whose it really is. */
export const isOwnedBy = (state: BrowserProfilesState, caller: Caller): boolean =>
  state.projectId === caller.projectId && state.owner === caller.subject;

/** The profile when it exists and is not deleted. */
export const liveProfile = (state: BrowserProfilesState, profileId: string): BrowserProfile | null => {
  const profile = state.profiles[profileId];
  return profile?.status === 'live' ? profile : null;
};

const decide = (
  command: BrowserProfileCommand,
  state: BrowserProfilesState,
): E.Either<DomainError, BrowserProfileEvent[]> => {
  const at = command.data.now.toISOString();
  const { profileId } = command.data;
  switch (command.type) {
    case 'Create': {
      const existing = Object.values(state.profiles).find((profile) => profile.status === 'live');
      if (existing) {
        return E.left(
          domainError('conflict', 'browser_profile_exists', 'This user already has a browser profile', {
            id: existing.profileId,
          }),
        );
      }
      const { caller, label } = command.data;
      return E.right([
        {
          type: 'BrowserProfileCreated',
          data: {
            profileId,
            projectId: caller.projectId,
            owner: caller.subject,
            ...(label === undefined ? {} : { label }),
            createdAt: at,
          },
        },
      ]);
    }
    case 'RecordErasure': {
      const profile = state.profiles[profileId];
      if (profile?.status !== 'deleted' || profile.erasureJobId === null) return E.right([]);
      return E.right([
        { type: 'BrowserProfileStateErased', data: { profileId, jobId: profile.erasureJobId, erasedAt: at } },
      ]);
    }
    default: {
      const profile = liveProfile(state, profileId);
      if (!profile) return E.left(notFound());
      if (command.type === 'Rename') {
        if (profile.label === command.data.label) return E.right([]);
        return E.right([
          { type: 'BrowserProfileRenamed', data: { profileId, label: command.data.label, updatedAt: at } },
        ]);
      }
      if (command.type === 'ReserveForRun') {
        return E.right([
          { type: 'BrowserProfileReservedForRun', data: { profileId, runId: command.data.runId, reservedAt: at } },
        ]);
      }
      return E.right([
        { type: 'BrowserProfileDeleted', data: { profileId, deletedAt: at } },
        { type: 'BrowserProfileErasureScheduled', data: { profileId, jobId: command.data.jobId, scheduledAt: at } },
      ]);
    }
  }
};

const updated = (
  state: BrowserProfilesState,
  profileId: string,
  change: (profile: BrowserProfile) => BrowserProfile,
): BrowserProfilesState => {
  const profile = state.profiles[profileId];
  return profile ? { ...state, profiles: { ...state.profiles, [profileId]: change(profile) } } : state;
};

const evolve = (state: BrowserProfilesState, event: BrowserProfileEvent): BrowserProfilesState => {
  const { profileId } = event.data;
  switch (event.type) {
    case 'BrowserProfileCreated': {
      const { projectId, owner, label, createdAt } = event.data;
      const profile: BrowserProfile = {
        profileId,
        ...(label === undefined ? {} : { label }),
        createdAt,
        updatedAt: createdAt,
        status: 'live',
        erasureJobId: null,
        reservations: [],
      };
      return { projectId, owner, profiles: { ...state.profiles, [profileId]: profile } };
    }
    case 'BrowserProfileRenamed':
      return updated(state, profileId, (profile) => ({
        ...profile,
        label: event.data.label,
        updatedAt: event.data.updatedAt,
      }));
    case 'BrowserProfileReservedForRun':
      return updated(state, profileId, (profile) => ({
        ...profile,
        reservations: [...profile.reservations, { runId: event.data.runId, reservedAt: event.data.reservedAt }],
      }));
    case 'BrowserProfileDeleted':
      return updated(state, profileId, (profile) => ({ ...profile, status: 'deleted' }));
    case 'BrowserProfileErasureScheduled':
      return updated(state, profileId, (profile) => ({ ...profile, erasureJobId: event.data.jobId }));
    case 'BrowserProfileStateErased':
      return updated(state, profileId, (profile) => ({ ...profile, status: 'erased' }));
  }
};

export const browserProfilesDecider: Decider<
  BrowserProfileCommand,
  BrowserProfileEvent,
  BrowserProfilesState,
  DomainError
> = {
  decide,
  evolve,
  initialState: () => ({ projectId: null, owner: null, profiles: {} }),
};
