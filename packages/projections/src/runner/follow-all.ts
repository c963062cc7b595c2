import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { inBatches } from './in-batches.js';

export interface FollowHooks {
  /** Receives the way to close the subscription (stop() uses it to end the loop). */
  onSubscribed(close: () => Promise<void>): void;
  /** Checked before each batch: false ends the loop without committing it. */
  isActive(): boolean;
  /** Commits a batch that follows every event up to `deliveredBefore`. */
  commit(batch: readonly RecordedEvent[], deliveredBefore: bigint): Promise<void>;
}

/**
 * One catch-up subscription from `after`, committed batch by batch, until it ends or the
 * caller is no longer active; the subscription is always closed. A commit's error propagates.
 */
export const followAll = async (
  store: EventStore,
  after: bigint,
  batchSize: number,
  hooks: FollowHooks,
): Promise<void> => {
  const subscription = store.subscribeToAll({ after });
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= subscription.close());
  hooks.onSubscribed(close);
  let delivered = after;
  try {
    for await (const batch of inBatches(subscription[Symbol.asyncIterator](), batchSize)) {
      if (!hooks.isActive()) return;
      await hooks.commit(batch, delivered);
      delivered = batch[batch.length - 1]?.position ?? delivered;
    }
  } finally {
    await close();
  }
};
