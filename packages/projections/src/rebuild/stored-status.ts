import type { EventStore } from '@paykit/event-store';
import { type Clock, systemClock } from '@paykit/kernel';
import { buildLabel, builtBy, CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { lagSeconds } from '../runner/lag-seconds.js';
import type { RebuildProgress } from '../runner/projection-status.js';
import { isLeaseAlive, RebuildLeases } from './rebuild-leases.js';

/**
 * `live`: the stored read model is this code's build. `rebuilding`: a process is rebuilding it
 * side by side. `outdated`: built by other code (a runner of this code rebuilds it when it
 * starts). `absent`: never built.
 */
export type StoredProjectionState = 'live' | 'rebuilding' | 'outdated' | 'absent';

export interface StoredProjectionStatus {
  readonly name: string;
  /** The build this code makes, and the one stored (null when absent). */
  readonly build: string;
  readonly storedBuild: string | null;
  readonly state: StoredProjectionState;
  readonly checkpoint: bigint;
  readonly headPosition: bigint;
  readonly lag: bigint;
  readonly lagSeconds: number;
  readonly rebuild: (RebuildProgress & { readonly owner: string }) | null;
}

/**
 * The state of projections as stored in a read-model database, without running them: what
 * `pnpm cli projections status` shows, beside a running API or not.
 */
export const readStoredStatus = async (options: {
  readonly store: EventStore;
  readonly db: ReadModelDatabase;
  readonly projections: readonly Projection[];
  readonly clock?: Clock;
}): Promise<StoredProjectionStatus[]> => {
  const now = (options.clock ?? systemClock).now();
  const checkpoints = new CheckpointTable(options.db).readAll();
  const leases = new RebuildLeases(options.db).readAll();
  const head = await options.store.headPosition();
  return Promise.all(
    options.projections.map(async (projection) => {
      const stored = checkpoints.get(projection.name);
      const lease = leases.get(projection.name);
      const rebuilding = lease !== undefined && isLeaseAlive(lease, now.getTime());
      const checkpoint = stored?.position ?? 0n;
      const state: StoredProjectionState = rebuilding
        ? 'rebuilding'
        : stored && builtBy(stored, projection)
          ? 'live'
          : stored
            ? 'outdated'
            : 'absent';
      return {
        name: projection.name,
        build: buildLabel(projection),
        storedBuild: stored ? buildLabel(stored) : null,
        state,
        checkpoint,
        headPosition: head,
        lag: head > checkpoint ? head - checkpoint : 0n,
        lagSeconds: await lagSeconds(options.store, checkpoint, head, now),
        rebuild: rebuilding
          ? { position: lease.position, head: lease.head, startedAt: lease.startedAt, owner: lease.owner }
          : null,
      };
    }),
  );
};
