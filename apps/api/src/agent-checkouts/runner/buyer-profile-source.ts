import type { BuyerProfileSource } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import { fold } from '@paykit/kernel';
import {
  type BuyerProfileEvent,
  buyerProfileDecider,
  buyerProfileStreamName,
  isVisibleTo,
} from '@paykit/agent-profiles';

/**
 * The runner's view of buyer profiles: the one a run names, read from its stream when the run
 * needs it, and only if it still belongs to the run's owner and is not deleted (a deleted
 * profile makes the strategy ask the user instead). Works in any process on the same store.
 */
export const buyerProfilesFromStore =
  (store: EventStore): BuyerProfileSource =>
  async (run) => {
    const profileId = run.input.buyerProfileId;
    if (profileId === undefined) return null;
    const events: BuyerProfileEvent[] = [];
    for await (const recorded of store.readStream(buyerProfileStreamName(profileId))) {
      events.push({ type: recorded.type, data: recorded.data } as BuyerProfileEvent);
    }
    const state = fold(buyerProfileDecider, events);
    if (!isVisibleTo(state, { projectId: run.projectId, subject: run.owner })) return null;
    const { label: _label, ...details } = state.details;
    return details;
  };
