import type { EventStore } from '@paykit/event-store';

/**
 * How long the oldest event not yet projected has been waiting: now minus its `occurredAt`.
 * Costs one event read, and only when there is a lag.
 */
export const lagSeconds = async (store: EventStore, checkpoint: bigint, head: bigint, now: Date): Promise<number> => {
  if (checkpoint >= head) return 0;
  for await (const event of store.readAll({ after: checkpoint, maxCount: 1 })) {
    const occurredAt = Date.parse(event.metadata.occurredAt);
    return Number.isNaN(occurredAt) ? 0 : Math.max(0, (now.getTime() - occurredAt) / 1000);
  }
  return 0;
};
