import type { BuyerProfileSource } from '@paykit/checkout-agent';
import type { BuyerProfiles } from '../buyer-profiles/buyer-profiles.js';

/**
 * The runner's view of buyer profiles: the one a run names, read from its stream (with its data
 * key) when the run needs it, and only if it still belongs to the run's owner and is not deleted
 * (a deleted profile makes the strategy ask the user instead). Works in any process on the same store.
 */
export const buyerProfilesFromStore =
  (profiles: BuyerProfiles): BuyerProfileSource =>
  async (run) => {
    const profileId = run.input.buyerProfileId;
    if (profileId === undefined) return null;
    const profile = await profiles.find({ projectId: run.projectId, subject: run.owner }, profileId);
    if (!profile) return null;
    const { label: _label, ...details } = profile.details;
    return details;
  };
