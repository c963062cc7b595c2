import type { EventStore } from '@paykit/event-store';
import { buildLabel, builtBy, CheckpointTable, type StoredCheckpoint } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { RebuildInProgressError } from '../runner/errors.js';
import type { RebuildProgress } from '../runner/projection-status.js';
import { ProjectionWorker, type RebuildJob } from '../runner/projection-worker.js';
import type { RebuildLeases } from './rebuild-leases.js';
import { openShadowDatabase, removeShadowDatabase, shadowDatabasePath } from './shadow-database.js';
import { swapIn } from './swap-in.js';

export interface SideBySideRebuildOptions {
  readonly store: EventStore;
  /** The read-model database whose tables serve reads, and its checkpoints. */
  readonly target: { readonly db: ReadModelDatabase; readonly checkpoints: CheckpointTable };
  readonly leases: RebuildLeases;
  readonly projection: Projection;
  /** Events per transaction in the shadow database: large, since nobody reads it meanwhile. */
  readonly batchSize: number;
  readonly owner: string;
  readonly now: () => number;
  /** Discard a rebuild left half-done (by a stopped or killed process) instead of resuming it. */
  readonly fromZero: boolean;
  readonly onProgress?: (progress: RebuildProgress) => void;
}

/** How often progress is reported; heartbeats go to the lease at most once a second. */
const PROGRESS_INTERVAL_MS = 200;
const HEARTBEAT_INTERVAL_MS = 1000;

/**
 * Builds a projection in its own database file from position 0 while the main database keeps
 * serving the previous build, follows `$all` until it reaches the head, then swaps the tables
 * and checkpoint into the main database in one transaction. A lease in the main database keeps
 * it to one rebuild per projection across processes, and shows its progress to them.
 */
export class SideBySideRebuild implements RebuildJob {
  private worker: ProjectionWorker | null = null;
  private cancelled = false;
  private current: RebuildProgress | null = null;
  private finished: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: SideBySideRebuildOptions) {}

  progress(): RebuildProgress | null {
    return this.current;
  }

  /**
   * Resolves to the checkpoint swapped in, or null when cancelled first. Throws
   * RebuildInProgressError when another live process holds the projection's rebuild lease.
   */
  run(): Promise<StoredCheckpoint | null> {
    const running = this.build();
    this.finished = running.catch(() => undefined);
    return running;
  }

  /** Stops the rebuild; its shadow database stays, so the next rebuild (not from zero) resumes it. */
  async cancel(): Promise<void> {
    this.cancelled = true;
    await this.worker?.stop();
    await this.finished;
  }

  private async build(): Promise<StoredCheckpoint | null> {
    const { projection, leases, owner, now, target } = this.options;
    this.cancelled = false;
    const holder = leases.claim(projection.name, owner, buildLabel(projection), now());
    if (holder) throw new RebuildInProgressError(projection.name, holder.owner);
    const path = shadowDatabasePath(target.db, projection.name);
    let shadow: ReadModelDatabase | null = null;
    try {
      shadow = this.openShadow(path);
      const built = await this.catchUp(shadow);
      if (!built) return null;
      shadow.close();
      shadow = null;
      swapIn(target, path, projection, built, () => leases.release(projection.name, owner));
      removeShadowDatabase(path);
      return built;
    } finally {
      shadow?.close();
      leases.release(projection.name, owner);
      this.current = null;
    }
  }

  /** The shadow database, resumed when it holds a partial rebuild of this very build. */
  private openShadow(path: string): ReadModelDatabase {
    const { projection, fromZero } = this.options;
    const shadow = openShadowDatabase(path, { fresh: fromZero });
    if (fromZero) return shadow;
    const stored = new CheckpointTable(shadow).read(projection.name);
    if (stored === undefined || builtBy(stored, projection)) return shadow;
    shadow.close();
    return openShadowDatabase(path, { fresh: true });
  }

  /** Runs the projection on the shadow database until it has the head; null when cancelled. */
  private async catchUp(shadow: ReadModelDatabase): Promise<StoredCheckpoint | null> {
    const { store, projection, batchSize, leases, owner, now, onProgress } = this.options;
    const checkpoints = new CheckpointTable(shadow);
    const worker = new ProjectionWorker(projection, {
      store,
      db: shadow,
      checkpoints,
      batchSize,
      onFailure: () => undefined,
      sideBySide: null,
    });
    this.worker = worker;
    const startedAt = now();
    let lastHeartbeat = 0;
    try {
      worker.start();
      for (;;) {
        if (this.cancelled) return null;
        const head = await store.headPosition();
        const reached = await worker.waitFor(head, PROGRESS_INTERVAL_MS);
        const status = worker.status(head);
        if (status.state === 'failed') throw status.lastError?.error ?? new Error(status.lastError?.message);
        if (this.cancelled || status.state === 'stopped') return null;
        this.current = { position: status.checkpoint, head, startedAt };
        onProgress?.(this.current);
        if (now() - lastHeartbeat >= HEARTBEAT_INTERVAL_MS || reached) {
          lastHeartbeat = now();
          leases.heartbeat(projection.name, owner, { position: status.checkpoint, head }, lastHeartbeat);
        }
        if (reached) break;
      }
    } finally {
      await worker.stop();
      this.worker = null;
    }
    return checkpoints.read(projection.name) ?? null;
  }
}
