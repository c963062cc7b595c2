import { type BrowserProfile, browserProfilesId, isOwnedBy } from '@paykit/agent-profiles';
import type { BrowserProfileStore, BrowserStorageState, ProfileUse } from '@paykit/checkout-agent';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { CheckoutRunAggregate } from '../runs/checkout-run.aggregate.js';
import type { BrowserProfileStates } from './browser-profile-states.js';
import { BrowserProfilesAggregate } from './browser-profiles.aggregate.js';

/** The profile as the run may use it: named by the run, owned by the run's owner, and reserved for the run. */
const profileOfRun = async (aggregates: Aggregates, use: ProfileUse): Promise<BrowserProfile | null> => {
  const run = (await aggregates.load(CheckoutRunAggregate, use.runId))?.state;
  if (!run?.exists || run.input.browser?.profileId !== use.profileId) return null;
  const owner = { projectId: run.projectId, subject: run.owner };
  const profiles = (await aggregates.load(BrowserProfilesAggregate, browserProfilesId(owner)))?.state;
  if (!profiles || !isOwnedBy(profiles, owner)) return null;
  const profile = profiles.profiles[use.profileId];
  return profile?.reservations.some((reservation) => reservation.runId === use.runId) ? profile : null;
};

const decode = (bytes: Uint8Array | null): BrowserStorageState | null => {
  if (!bytes) return null;
  const state = JSON.parse(Buffer.from(bytes).toString('utf8')) as BrowserStorageState;
  return Array.isArray(state.cookies) && Array.isArray(state.origins) ? state : null;
};

/**
 * Saved browser profiles as the runner sees them, in any process on the API's store and blob
 * store. A run loads the state of the profile it reserved, even when the profile was deleted
 * after the run began (runs already using it continue; the erasure waits for them), but it
 * saves only into a live profile: a deleted profile's state is never written again, so once
 * erased it stays erased.
 */
export const runnerProfileStore = (aggregates: Aggregates, states: BrowserProfileStates): BrowserProfileStore => ({
  async load(use) {
    const profile = await profileOfRun(aggregates, use);
    if (!profile || profile.status === 'erased') return null;
    return decode(await states.load(use.profileId));
  },
  async save(use, state) {
    const profile = await profileOfRun(aggregates, use);
    if (profile?.status !== 'live') return false;
    await states.save(use.profileId, Buffer.from(JSON.stringify(state), 'utf8'));
    return true;
  },
});
