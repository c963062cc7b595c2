import type { EventStore, RecordedEvent, Subscription } from '@paykit/event-store';
import type { CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { ProjectionApplyError, ProjectionVersionConflictError } from './errors.js';
import { inBatches } from './in-batches.js';
import { PositionWaiters } from './position-waiters.js';
import type { ProjectionFailure, ProjectionState, ProjectionStatus } from './projection-status.js';

export interface ProjectionWorkerDependencies {
  readonly store: EventStore;
  readonly db: ReadModelDatabase;
  readonly checkpoints: CheckpointTable;
  readonly batchSize: number;
  readonly onFailure: (name: string, failure: ProjectionFailure) => void;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** Keeps one projection's tables up to date with `$all`, one transaction per batch. */
export class ProjectionWorker {
  private state: ProjectionState = 'idle';
  /** The highest checkpoint known to be committed for this version. */
  private checkpoint = 0n;
  private failure: ProjectionFailure | null = null;
  private subscription: Subscription | null = null;
  private closing: Promise<void> | null = null;
  private consuming: Promise<void> = Promise.resolve();
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
    this.state = 'running';
    try {
      this.checkpoint = this.deps.db.transaction(() => this.initialize()).immediate();
      this.waiters.advance(this.checkpoint);
      this.subscription = this.deps.store.subscribeToAll({ after: this.checkpoint });
    } catch (error) {
      this.fail(error);
      return;
    }
    this.consuming = this.consume(this.subscription);
  }

  /** Abandons the batch being gathered (the next start reads it again) and closes the subscription. */
  async stop(): Promise<void> {
    if (this.state === 'running' || this.state === 'idle') this.state = 'stopped';
    await this.closeSubscription();
    await this.consuming;
    this.waiters.giveUp();
  }

  waitFor(position: bigint, timeoutMs: number): Promise<boolean> {
    if (this.checkpoint >= position) return Promise.resolve(true);
    if (this.state === 'failed' || this.state === 'stopped') return Promise.resolve(false);
    return this.waiters.wait(position, timeoutMs);
  }

  status(headPosition: bigint): ProjectionStatus {
    const stored = this.deps.checkpoints.read(this.name);
    // Another runner on the same database may be ahead of this one.
    const checkpoint =
      stored?.version === this.projection.version && stored.position > this.checkpoint
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
      lastError: this.failure,
    };
  }

  /**
   * Runs in the start transaction. A missing checkpoint or one of another version rebuilds in
   * place: drop, create, replay from 0. (A side-by-side rebuild would instead build the new
   * version under its own tables and checkpoint and swap when caught up; this is the one place
   * that decides.)
   */
  private initialize(): bigint {
    const { db, checkpoints } = this.deps;
    const { name, version } = this.projection;
    const stored = checkpoints.read(name);
    if (stored?.version === version) {
      this.projection.setup(db);
      return stored.position;
    }
    this.projection.reset(db);
    this.projection.setup(db);
    checkpoints.write(name, { position: 0n, version });
    return 0n;
  }

  private async consume(subscription: Subscription): Promise<void> {
    try {
      for await (const batch of inBatches(subscription[Symbol.asyncIterator](), this.deps.batchSize)) {
        if (this.state !== 'running') return;
        this.commit(batch);
      }
    } catch (error) {
      if (this.state === 'running') this.fail(error);
    } finally {
      await this.closeSubscription();
    }
  }

  private commit(batch: readonly RecordedEvent[]): void {
    const committed = this.deps.db.transaction(() => this.applyBatch(batch)).immediate();
    if (committed > this.checkpoint) {
      this.checkpoint = committed;
      this.waiters.advance(committed);
    }
  }

  /**
   * Re-reads the checkpoint inside the transaction and skips what is already applied, so two
   * runners on one database file (the API and an admin CLI) never apply an event twice.
   */
  private applyBatch(batch: readonly RecordedEvent[]): bigint {
    const { db, checkpoints } = this.deps;
    const { name, version } = this.projection;
    const stored = checkpoints.read(name);
    if (stored?.version !== version) throw new ProjectionVersionConflictError(name, version, stored?.version ?? null);
    const last = batch[batch.length - 1]?.position ?? stored.position;
    if (last <= stored.position) return stored.position;
    for (const event of batch) if (event.position > stored.position) this.applyOne(db, event);
    checkpoints.write(name, { position: last, version });
    return last;
  }

  private applyOne(db: ReadModelDatabase, event: RecordedEvent): void {
    let result: unknown;
    try {
      result = this.projection.apply(db, event);
    } catch (cause) {
      throw new ProjectionApplyError(this.name, event, cause);
    }
    if (isPromiseLike(result)) {
      result.then(undefined, () => undefined);
      throw new ProjectionApplyError(this.name, event, new TypeError('apply returned a promise: it must be synchronous'));
    }
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

  private closeSubscription(): Promise<void> {
    const closing: Promise<void> = this.closing ?? this.subscription?.close() ?? Promise.resolve();
    this.closing = closing;
    return closing;
  }
}
