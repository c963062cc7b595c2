import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import { builtBy, type CheckpointTable, type StoredCheckpoint } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { isLeaseAlive, type RebuildLeases } from '../rebuild/rebuild-leases.js';
import { applyCheckpointedBatch } from './checkpointed-batch.js';
import { CheckpointMovedBackError, ProjectionApplyError, RebuildInProgressError } from './errors.js';
import { followAll } from './follow-all.js';
import { PositionWaiters } from './position-waiters.js';
import { type FollowMember, type SharedFollow, isBusy } from './shared-follow.js';
import type { ProjectionFailure, ProjectionState, ProjectionStatus, RebuildProgress } from './projection-status.js';

/**
 * A resumable rebuild into a shadow database, swapped in when it has caught up (SideBySideRebuild,
 * which runs a worker of its own: hence this shape here rather than an import of it).
 */
export interface RebuildJob {
  /** The checkpoint swapped in, or null when cancelled first; RebuildInProgressError while another process holds the lease. */
  run(): Promise<StoredCheckpoint | null>;
  cancel(): Promise<void>;
  progress(): RebuildProgress | null;
}

/** How a read model built by other code is replaced: side by side (file databases), or in place. */
export interface SideBySideSettings {
  readonly leases: RebuildLeases;
  readonly now: () => number;
  /** A resumable (not from-zero) rebuild of `projection` into this worker's database. */
  readonly rebuild: (projection: Projection) => RebuildJob;
}

export interface ProjectionWorkerDependencies {
  readonly store: EventStore;
  readonly db: ReadModelDatabase;
  readonly checkpoints: CheckpointTable;
  readonly batchSize: number;
  readonly onFailure: (name: string, failure: ProjectionFailure) => void;
  /** Null: a read model built by other code is dropped and rebuilt in place. */
  readonly sideBySide: SideBySideSettings | null;
  /** Where a projection that starts caught up with its tables follows `$all` with the others; null: alone. */
  readonly shared?: SharedFollow | null;
}

export type WorkerStatus = Omit<ProjectionStatus, 'lagSeconds'>;

/** While another process holds the rebuild lease, how often to look whether it has finished. */
const LEASE_POLL_MS = 1000;
const MAX_BUSY_BACKOFF_MS = 1000;

/** Keeps one projection's tables up to date with `$all`, one transaction per batch. */
export class ProjectionWorker {
  private state: ProjectionState = 'idle';
  /** The highest checkpoint known to be committed for the tables that serve reads. */
  private checkpoint = 0n;
  private failure: ProjectionFailure | null = null;
  private rebuild: RebuildJob | null = null;
  private running: Promise<void> = Promise.resolve();
  private readonly stopping = new AbortController();
  private closeCurrent: (() => Promise<void>) | null = null;
  private readonly waiters = new PositionWaiters();

  constructor(
    private readonly projection: Projection,
    private readonly deps: ProjectionWorkerDependencies,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  start(): void {
    if (this.state !== 'idle') throw new Error(`Projection ${this.name} was already started`);
    let sideBySide: boolean;
    try {
      ({ sideBySide, position: this.checkpoint } = this.deps.db.transaction(() => this.initialize()).immediate());
    } catch (error) {
      this.fail(error);
      return;
    }
    this.waiters.advance(this.checkpoint);
    this.state = sideBySide ? 'rebuilding' : 'running';
    const shared = this.deps.shared;
    this.running = sideBySide
      ? this.rebuildThenFollow()
      : shared
        ? this.followShared(shared)
        : this.follow(this.checkpoint);
  }

  /** Abandons the batch being gathered (the next start reads it again) and any rebuild in progress. */
  async stop(): Promise<void> {
    if (this.state === 'running' || this.state === 'rebuilding' || this.state === 'idle') this.state = 'stopped';
    this.stopping.abort();
    await Promise.all([this.rebuild?.cancel(), this.closeCurrent?.()]);
    await this.running;
    this.waiters.giveUp();
  }

  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    if (this.checkpoint >= position) return Promise.resolve(true);
    if (this.state === 'failed' || this.state === 'stopped') return Promise.resolve(false);
    return this.waiters.wait(position, timeoutMs);
  }

  status(headPosition: bigint): WorkerStatus {
    const stored = this.deps.checkpoints.read(this.name);
    // Another runner on the same database may be ahead of this one.
    const checkpoint =
      stored && builtBy(stored, this.projection) && stored.position > this.checkpoint
        ? stored.position
        : this.checkpoint;
    const lag = headPosition > checkpoint ? headPosition - checkpoint : 0n;
    return {
      name: this.name,
      version: this.projection.version,
      state: this.state,
      checkpoint,
      headPosition,
      lag,
      caughtUp: this.state === 'running' && lag === 0n,
      rebuild: this.state === 'rebuilding' ? this.rebuildProgress() : null,
      lastError: this.failure,
    };
  }

  /**
   * Runs in the start transaction. A checkpoint of this build: carry on from it. None, or a
   * database in memory: (re)build in place from 0, nothing else serves reads. A checkpoint of
   * other code: rebuild side by side while its tables keep serving reads.
   */
  private initialize(): { sideBySide: boolean; position: bigint } {
    const { db, checkpoints } = this.deps;
    const { name, version, fingerprint } = this.projection;
    const stored = checkpoints.read(name);
    if (stored && builtBy(stored, this.projection)) {
      this.projection.setup(db);
      // Stamps the fingerprint on a checkpoint written before there was one.
      if (stored.fingerprint !== (fingerprint ?? null))
        checkpoints.write(name, { ...stored, fingerprint: fingerprint ?? null });
      return { sideBySide: false, position: stored.position };
    }
    if (stored && this.deps.sideBySide && !db.memory) return { sideBySide: true, position: stored.position };
    this.projection.reset(db);
    this.projection.setup(db);
    checkpoints.write(name, { position: 0n, version, fingerprint: fingerprint ?? null });
    return { sideBySide: false, position: 0n };
  }

  private async rebuildThenFollow(): Promise<void> {
    this.rebuild = this.deps.sideBySide!.rebuild(this.projection);
    try {
      while (this.state === 'rebuilding') {
        // Another process may have swapped this very build in (a second instance of the same code).
        const stored = this.deps.checkpoints.read(this.name);
        if (stored && builtBy(stored, this.projection)) break;
        try {
          if (await this.rebuild.run()) break;
        } catch (error) {
          if (!(error instanceof RebuildInProgressError)) throw error;
          await delay(LEASE_POLL_MS, undefined, { signal: this.stopping.signal }).catch(() => undefined);
        }
      }
    } catch (error) {
      if (this.state === 'rebuilding') this.fail(error);
      return;
    }
    if (this.state !== 'rebuilding') return;
    // Exactly the swapped-in checkpoint, even below the old build's: following from anywhere else leaves a gap.
    this.checkpoint = this.deps.checkpoints.read(this.name)?.position ?? 0n;
    this.state = 'running';
    this.waiters.advance(this.checkpoint);
    await this.follow(this.checkpoint);
  }

  private rebuildProgress(): RebuildProgress | null {
    const own = this.rebuild?.progress();
    if (own) return own;
    const lease = this.deps.sideBySide?.leases.read(this.name);
    return lease && isLeaseAlive(lease, this.deps.sideBySide!.now())
      ? { position: lease.position, head: lease.head, startedAt: lease.startedAt }
      : null;
  }

  /** Follows `$all` with the runner's other projections; alone from where its checkpoint moved back to. */
  private async followShared(shared: SharedFollow): Promise<void> {
    const member: FollowMember = {
      projection: this.projection,
      committed: (position) => this.advance(position),
      failed: (error) => {
        if (this.state === 'running') this.fail(error);
      },
    };
    this.closeCurrent = () => shared.leave(member);
    const movedBackTo = await shared.join(member, this.checkpoint);
    if (movedBackTo === null || this.state !== 'running') return;
    this.checkpoint = movedBackTo;
    await this.follow(movedBackTo);
  }

  /** Follows `$all` from `after`, re-subscribing when the stored checkpoint moves back (rebuilt elsewhere). */
  private async follow(after: bigint): Promise<void> {
    let from = after;
    while (this.state === 'running') {
      try {
        await followAll(this.deps.store, from, this.deps.batchSize, {
          onSubscribed: (close) => (this.closeCurrent = close),
          isActive: () => this.state === 'running',
          commit: (batch, deliveredBefore) => this.commit(batch, deliveredBefore),
        });
        return;
      } catch (error) {
        if (error instanceof CheckpointMovedBackError && this.state === 'running') {
          this.checkpoint = from = error.storedPosition;
          continue;
        }
        if (this.state === 'running') this.fail(error);
        return;
      }
    }
  }

  /** A write lock held by another process beyond busy_timeout (a swap copying a big table) is waited out. */
  private async commit(batch: readonly RecordedEvent[], deliveredBefore: bigint): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        this.advance(applyCheckpointedBatch(this.deps, this.projection, batch, deliveredBefore));
        return;
      } catch (error) {
        if (!isBusy(error) || this.state !== 'running') throw error;
        await delay(Math.min(MAX_BUSY_BACKOFF_MS, 25 * 2 ** attempt));
      }
    }
  }

  private advance(committed: bigint): void {
    if (committed <= this.checkpoint) return;
    this.checkpoint = committed;
    this.waiters.advance(committed);
  }

  private fail(error: unknown): void {
    this.state = 'failed';
    this.failure = {
      message: error instanceof Error ? error.message : String(error),
      position: error instanceof ProjectionApplyError ? error.position : null,
      error,
    };
    this.waiters.giveUp();
    try {
      this.deps.onFailure(this.name, this.failure);
    } catch {
      // A failing reporter must not turn a reported failure into an unhandled rejection.
    }
  }
}
