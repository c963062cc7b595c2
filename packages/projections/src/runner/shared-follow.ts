import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, RecordedEvent } from '@paykit/event-store';
import type { CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { applyCheckpointedBatch } from './checkpointed-batch.js';
import { CheckpointMovedBackError } from './errors.js';
import { followAll } from './follow-all.js';

/** A projection following `$all` with others (ProjectionWorker). */
export interface FollowMember {
  readonly projection: Projection;
  /** Its checkpoint moved on: the batch up to `position` is committed in its tables. */
  committed(position: bigint): void;
  /** It stops on this error (its savepoint was rolled back; the others committed). */
  failed(error: unknown): void;
}

const MAX_BUSY_BACKOFF_MS = 1000;

export const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

interface Joined {
  readonly from: bigint;
  /** Resolves with the stored position when the member must follow alone from it, null when it left. */
  readonly settle: (movedBackTo: bigint | null) => void;
}

/**
 * The projections of one runner that start caught up with their own tables follow `$all`
 * through ONE subscription, and every batch is applied to all of them in ONE read-model
 * transaction (each projection in a savepoint of its own, with its own checkpoint check), so
 * an append costs one page read and one commit instead of one of each per projection. A
 * projection that fails rolls back alone and leaves; one whose checkpoint moved back (rebuilt
 * by another process) leaves to follow alone from there.
 */
export class SharedFollow {
  private readonly members = new Map<FollowMember, Joined>();
  private close: (() => Promise<void>) | null = null;
  private following: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      readonly store: EventStore;
      readonly db: ReadModelDatabase;
      readonly checkpoints: CheckpointTable;
      readonly batchSize: number;
    },
  ) {}

  /** Before start(): `member` follows from `from` (its checkpoint). */
  join(member: FollowMember, from: bigint): Promise<bigint | null> {
    return new Promise((settle) => this.members.set(member, { from, settle }));
  }

  /** Subscribes once from the lowest checkpoint of the members joined. */
  start(): void {
    if (this.members.size === 0) return;
    const lowest = [...this.members.values()].map(({ from }) => from).reduce((a, b) => (b < a ? b : a));
    this.following = this.follow(lowest);
  }

  /** The member stops following (stopped); the subscription closes with the last member. */
  async leave(member: FollowMember, movedBackTo: bigint | null = null): Promise<void> {
    const joined = this.members.get(member);
    if (!joined) return;
    this.members.delete(member);
    joined.settle(movedBackTo);
    if (this.members.size === 0) await this.close?.();
  }

  async stopped(): Promise<void> {
    await this.following;
  }

  private async follow(from: bigint): Promise<void> {
    try {
      await followAll(this.deps.store, from, this.deps.batchSize, {
        onSubscribed: (close) => (this.close = close),
        isActive: () => this.members.size > 0,
        commit: (batch, deliveredBefore) => this.commit(batch, deliveredBefore),
      });
    } catch (error) {
      for (const member of [...this.members.keys()]) {
        member.failed(error);
        void this.leave(member);
      }
    }
    for (const member of [...this.members.keys()]) void this.leave(member);
  }

  /** A write lock held by another process beyond busy_timeout is waited out, as a lone projection does. */
  private async commit(batch: readonly RecordedEvent[], deliveredBefore: bigint): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let outcomes: Map<FollowMember, { ok: true; position: bigint } | { ok: false; error: unknown }>;
      try {
        outcomes = this.applyToAll(batch, deliveredBefore);
      } catch (error) {
        if (!isBusy(error) || this.members.size === 0) throw error;
        await delay(Math.min(MAX_BUSY_BACKOFF_MS, 25 * 2 ** attempt));
        continue;
      }
      for (const [member, outcome] of outcomes) {
        if (outcome.ok) member.committed(outcome.position);
        else if (outcome.error instanceof CheckpointMovedBackError)
          await this.leave(member, outcome.error.storedPosition);
        else {
          member.failed(outcome.error);
          await this.leave(member);
        }
      }
      return;
    }
  }

  private applyToAll(batch: readonly RecordedEvent[], deliveredBefore: bigint) {
    const { db } = this.deps;
    const outcomes = new Map<FollowMember, { ok: true; position: bigint } | { ok: false; error: unknown }>();
    db.transaction(() => {
      for (const member of this.members.keys()) {
        try {
          // Inside this transaction, its own transaction is a savepoint: a failure rolls back this member alone.
          outcomes.set(member, {
            ok: true,
            position: applyCheckpointedBatch(this.deps, member.projection, batch, deliveredBefore),
          });
        } catch (error) {
          // Some failures (disk full, I/O) roll back the whole transaction: then nothing of the batch is stored.
          if (!db.inTransaction) throw error;
          outcomes.set(member, { ok: false, error });
        }
      }
    }).immediate();
    return outcomes;
  }
}
