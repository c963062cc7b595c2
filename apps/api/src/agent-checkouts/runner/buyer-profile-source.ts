import { isVisibleTo } from '@paykit/agent-profiles';
import type { BuyerProfileSource } from '@paykit/checkout-agent';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { BuyerProfileAggregate } from '../buyer-profiles/buyer-profile.aggregate.js';

/**
 * The runner's view of buyer profiles: the one a run names, read from its stream when the run
 * needs it, and only if it still belongs to the run's owner and is not deleted (a deleted
 * profile makes the strategy ask the user instead). Works in any process on the same store.
 */
export const buyerProfilesFromStore =
  (aggregates: Aggregates): BuyerProfileSource =>
  async (run) => {
    const profileId = run.input.buyerProfileId;
    if (profileId === undefined) return null;
    const state = (await aggregates.load(BuyerProfileAggregate, profileId))?.state;
    if (!state || !isVisibleTo(state, { projectId: run.projectId, subject: run.owner })) return null;
    const { label: _label, ...details } = state.details;
    return details;
  };
