import type { EventStore } from '@paykit/event-store';
import { type Clock, systemClock } from '@paykit/kernel';
import { CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { processOwner } from '../rebuild/process-owner.js';
import { RebuildLeases } from '../rebuild/rebuild-leases.js';
import { SideBySideRebuild } from '../rebuild/side-by-side-rebuild.js';
import { lagSeconds } from './lag-seconds.js';
import type { ProjectionFailure, ProjectionStatus } from './projection-status.js';
import { ProjectionWorker } from './projection-worker.js';
import { SharedFollow } from './shared-follow.js';

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  /** Opened by the caller (see openReadModelDatabase), who also closes it after stop(). */
  readonly db: ReadModelDatabase;
  readonly projections: readonly Projection[];
  /** Most events per transaction while following `$all`. Default 500. */
  readonly batchSize?: number;
  /** Most events per transaction in a side-by-side rebuild, which nobody reads meanwhile. Default 5000. */
  readonly rebuildBatchSize?: number;
  /** Called once when a projection stops on an error (also visible in status()). */
  readonly onFailure?: (projectionName: string, failure: ProjectionFailure) => void;
  /** For lag in seconds and rebuild heartbeats. Default: the system clock. */
  readonly clock?: Clock;
}

export const DEFAULT_REBUILD_BATCH_SIZE = 5000;

/**
 * Runs projections, each with its own checkpoint, so one failing or rebuilding projection never
 * holds back the others. Those that start caught up with their tables share one catch-up
 * subscription and one transaction per batch (SharedFollow); a rebuilt one follows alone. A projection whose stored read model was
 * built by other code (another version or fingerprint) is rebuilt side by side in its own file
 * while the old tables keep serving reads, then swapped in when it has caught up.
 */
export class ProjectionRunner {
  private readonly store: EventStore;
  private readonly clock: Clock;
  private readonly workers: ReadonlyMap<string, ProjectionWorker>;
  private readonly shared: SharedFollow;

  constructor(options: ProjectionRunnerOptions) {
    this.store = options.store;
    this.clock = options.clock ?? systemClock;
    const now = () => this.clock.now().getTime();
    const checkpoints = new CheckpointTable(options.db);
    const leases = new RebuildLeases(options.db);
    const owner = processOwner();
    const batchSize = options.batchSize ?? 500;
    this.shared = new SharedFollow({ store: options.store, db: options.db, checkpoints, batchSize });
    const dependencies = {
      store: options.store,
      db: options.db,
      checkpoints,
      batchSize,
      shared: this.shared,
      onFailure: options.onFailure ?? (() => undefined),
      sideBySide: {
        leases,
        now,
        rebuild: (projection: Projection) =>
          new SideBySideRebuild({
            store: options.store,
            target: { db: options.db, checkpoints },
            leases,
            projection,
            batchSize: options.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH_SIZE,
            owner,
            now,
            fromZero: false,
          }),
      },
    };
    const workers = new Map<string, ProjectionWorker>();
    for (const projection of options.projections) {
      if (workers.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
      workers.set(projection.name, new ProjectionWorker(projection, dependencies));
    }
    this.workers = workers;
  }

  /** Sets up (or starts rebuilding) every projection and follows `$all`; does not wait to catch up. */
  async start(): Promise<void> {
    for (const worker of this.workers.values()) worker.start();
    this.shared.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    await this.shared.stopped();
  }

  /**
   * Resolves true once the projection (every projection when no name is given) has a
   * checkpoint at or past `position`, false after `timeoutMs` or as soon as it fails or stops.
   * A query that follows a write passes the write's position to read its own writes.
   */
  async waitFor(position: bigint, timeoutMs: number, projectionName?: string): Promise<boolean> {
    const workers = projectionName === undefined ? [...this.workers.values()] : [this.worker(projectionName)];
    const reached = await Promise.all(workers.map((worker) => worker.waitFor(position, timeoutMs)));
    return reached.every(Boolean);
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.store.headPosition();
    const now = this.clock.now();
    return Promise.all(
      [...this.workers.values()].map(async (worker) => {
        const status = worker.status(head);
        return { ...status, lagSeconds: await lagSeconds(this.store, status.checkpoint, head, now) };
      }),
    );
  }

  /** Every projection is running and at the head of `$all`: what /ready asks. */
  async isCaughtUp(): Promise<boolean> {
    return (await this.status()).every((status) => status.caughtUp);
  }

  private worker(name: string): ProjectionWorker {
    const worker = this.workers.get(name);
    if (!worker) throw new Error(`No projection named ${name}`);
    return worker;
  }
}
