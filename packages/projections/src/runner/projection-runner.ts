import type { EventStore } from '@paykit/event-store';
import { CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import type { ProjectionFailure, ProjectionStatus } from './projection-status.js';
import { ProjectionWorker } from './projection-worker.js';

export interface ProjectionRunnerOptions {
  readonly store: EventStore;
  /** Opened by the caller (see openReadModelDatabase), who also closes it after stop(). */
  readonly db: ReadModelDatabase;
  readonly projections: readonly Projection[];
  /** Most events per transaction. Default 500. */
  readonly batchSize?: number;
  /** Called once when a projection stops on an error (also visible in status()). */
  readonly onFailure?: (projectionName: string, failure: ProjectionFailure) => void;
}

/**
 * Runs projections, each on its own catch-up subscription and checkpoint, so one failing or
 * rebuilding projection never holds back the others.
 */
export class ProjectionRunner {
  private readonly store: EventStore;
  private readonly workers: ReadonlyMap<string, ProjectionWorker>;

  constructor(options: ProjectionRunnerOptions) {
    this.store = options.store;
    const dependencies = {
      store: options.store,
      db: options.db,
      checkpoints: new CheckpointTable(options.db),
      batchSize: options.batchSize ?? 500,
      onFailure: options.onFailure ?? (() => undefined),
    };
    const workers = new Map<string, ProjectionWorker>();
    for (const projection of options.projections) {
      if (workers.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`);
      workers.set(projection.name, new ProjectionWorker(projection, dependencies));
    }
    this.workers = workers;
  }

  /** Sets up (or rebuilds) every projection and starts following `$all`; does not wait to catch up. */
  async start(): Promise<void> {
    for (const worker of this.workers.values()) worker.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
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
    return [...this.workers.values()].map((worker) => worker.status(head));
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
