import type { CardholderNameSource } from '@paykit/checkout-agent';
import type { EventStore } from '@paykit/event-store';
import { loadAggregate, projectDecider, projectStream } from '@paykit/platform';

/**
 * The name a run's virtual card carries when its buyer profile has none: the project's, read
 * from the project's stream (works in any process on the same store).
 */
export const projectNamesFromStore =
  (store: EventStore): CardholderNameSource =>
  async (run) => {
    const { state } = await loadAggregate(store, projectDecider, projectStream(run.projectId));
    return state.status === 'absent' ? null : state.name;
  };
