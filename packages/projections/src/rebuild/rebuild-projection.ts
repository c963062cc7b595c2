import type { EventStore } from '@paykit/event-store';
import { type Clock, systemClock } from '@paykit/kernel';
import { CheckpointTable, type StoredCheckpoint } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { DEFAULT_REBUILD_BATCH_SIZE } from '../runner/projection-runner.js';
import type { RebuildProgress } from '../runner/projection-status.js';
import { processOwner } from './process-owner.js';
import { RebuildLeases } from './rebuild-leases.js';
import { SideBySideRebuild } from './side-by-side-rebuild.js';

export interface RebuildProjectionOptions {
  readonly store: EventStore;
  /** A read-model database file (the one the API uses: runners on it pick the new build up). */
  readonly db: ReadModelDatabase;
  readonly projection: Projection;
  readonly batchSize?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
  readonly clock?: Clock;
}

/**
 * Rebuilds one projection from position 0, side by side, and swaps it in: what the admin CLI
 * runs. Safe beside a running API on the same files: the API keeps serving (and updating) the
 * old tables until the swap, then re-subscribes from the swapped-in checkpoint. Throws
 * RebuildInProgressError when another process is rebuilding the same projection.
 */
export const rebuildProjection = async (options: RebuildProjectionOptions): Promise<StoredCheckpoint> => {
  const clock = options.clock ?? systemClock;
  const rebuild = new SideBySideRebuild({
    store: options.store,
    target: { db: options.db, checkpoints: new CheckpointTable(options.db) },
    leases: new RebuildLeases(options.db),
    projection: options.projection,
    batchSize: options.batchSize ?? DEFAULT_REBUILD_BATCH_SIZE,
    owner: processOwner(),
    now: () => clock.now().getTime(),
    fromZero: true,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const built = await rebuild.run();
  if (!built) throw new Error(`The rebuild of ${options.projection.name} was cancelled`);
  return built;
};
