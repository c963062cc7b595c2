import type { RecordedEvent } from '@paykit/event-store';
import { buildLabel, builtBy, type CheckpointTable } from '../checkpoints/checkpoint-table.js';
import type { ReadModelDatabase } from '../database/open-read-model-database.js';
import type { Projection } from '../definition/projection.js';
import { CheckpointMovedBackError, ProjectionApplyError, ProjectionVersionConflictError } from './errors.js';

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * Applies a batch of events and moves the checkpoint in one transaction, so the read model
 * and its checkpoint can never disagree. The checkpoint is re-read inside the transaction:
 * events another runner on the same file already applied are skipped, and a checkpoint that
 * went backwards (the read model was rebuilt and swapped in by another process) is reported
 * instead of leaving a gap. Returns the checkpoint after the batch.
 *
 * `deliveredBefore` is the position the batch follows: the subscription delivered every
 * event up to it before this batch.
 */
export const applyCheckpointedBatch = (
  target: { readonly db: ReadModelDatabase; readonly checkpoints: CheckpointTable },
  projection: Projection,
  batch: readonly RecordedEvent[],
  deliveredBefore: bigint,
): bigint =>
  target.db
    .transaction(() => {
      const stored = target.checkpoints.read(projection.name);
      if (!stored || !builtBy(stored, projection)) {
        throw new ProjectionVersionConflictError(projection.name, projection.version, stored?.version ?? null, {
          own: buildLabel(projection),
          stored: stored ? buildLabel(stored) : null,
        });
      }
      if (stored.position < deliveredBefore) throw new CheckpointMovedBackError(projection.name, stored.position);
      const last = batch[batch.length - 1]?.position ?? stored.position;
      if (last <= stored.position) return stored.position;
      const fresh = batch.filter((event) => event.position > stored.position);
      if (projection.applyBatch) applyAll(target.db, projection, fresh);
      else for (const event of fresh) applyOne(target.db, projection, event);
      target.checkpoints.write(projection.name, { ...stored, position: last });
      return last;
    })
    .immediate();

/**
 * The batch through `applyBatch`, in a savepoint; if it throws, the savepoint is rolled back and
 * the events go through `apply` one by one, so the failure names its event as it always did.
 */
const applyAll = (db: ReadModelDatabase, projection: Projection, events: readonly RecordedEvent[]): void => {
  try {
    db.transaction(() => {
      const result: unknown = projection.applyBatch!(db, events);
      if (isPromiseLike(result)) {
        result.then(undefined, () => undefined);
        throw new TypeError('applyBatch returned a promise: it must be synchronous');
      }
    })();
  } catch (error) {
    if (!db.inTransaction) throw error;
    for (const event of events) applyOne(db, projection, event);
    throw new ProjectionApplyError(projection.name, events[0]!, error);
  }
};

const applyOne = (db: ReadModelDatabase, projection: Projection, event: RecordedEvent): void => {
  let result: unknown;
  try {
    result = projection.apply(db, event);
  } catch (cause) {
    throw new ProjectionApplyError(projection.name, event, cause);
  }
  if (isPromiseLike(result)) {
    result.then(undefined, () => undefined);
    throw new ProjectionApplyError(
      projection.name,
      event,
      new TypeError('apply returned a promise: it must be synchronous'),
    );
  }
};
