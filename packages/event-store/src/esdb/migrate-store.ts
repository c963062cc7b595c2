import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent } from '../port.js';
import { WrongExpectedRevisionError } from '../port.js';

/** Where the copy has got to, kept in the target so a re-run continues instead of starting over. */
export const MIGRATION_CHECKPOINT_STREAM = 'migration-from-sqlite';
/** `$`-prefixed: a system event to the EventStoreDB adapter, so no read model ever sees it. */
export const MIGRATION_CHECKPOINT_TYPE = '$paykit.migration-checkpoint';

export interface MigrationProgress {
  /** Events copied by this run. */
  readonly copied: number;
  /** Events this run found already in the target (a previous run copied them) and skipped. */
  readonly skipped: number;
  /** The source position the copy has reached, and the source's head. */
  readonly position: bigint;
  readonly head: bigint;
}

export interface MigrateStoreOptions {
  readonly source: EventStore;
  readonly target: EventStore;
  /** Called after every append and at the end. */
  readonly onProgress?: (progress: MigrationProgress) => void;
  /** Most events per append. Default 1000. */
  readonly batchSize?: number;
  /** Most bytes of JSON per append (under the target's MaxAppendSize). Default 4 MiB. */
  readonly batchBytes?: number;
  /** A checkpoint is written after this many events (and at the end). Default 10,000. */
  readonly checkpointEvery?: number;
}

interface Checkpoint {
  readonly position: bigint;
  readonly revision: bigint | 'no_stream';
}

const readCheckpoint = async (target: EventStore): Promise<Checkpoint> => {
  for await (const last of target.readStream(MIGRATION_CHECKPOINT_STREAM, { direction: 'backwards', maxCount: 1 })) {
    return { position: BigInt((last.data as { position: string }).position), revision: last.revision };
  }
  return { position: 0n, revision: 'no_stream' };
};

/**
 * Copies every stream of one store into another, in the source's `$all` order, keeping each
 * event's stream, revision, type, data and metadata (so its eventId). Consecutive events of one
 * stream go in one append at the expected revision before them, so the copy is exact or fails.
 * Resumable and idempotent: it continues from the checkpoint it keeps in the target, and a batch
 * that a crashed run wrote after its last checkpoint is recognised (the target stream is already
 * at or past it) and skipped. Two runs at once cannot both advance the checkpoint.
 */
export const migrateStore = async (options: MigrateStoreOptions): Promise<MigrationProgress> => {
  const { source, target } = options;
  const batchSize = options.batchSize ?? 1000;
  const batchBytes = options.batchBytes ?? 4 * 1024 * 1024;
  const checkpointEvery = options.checkpointEvery ?? 10_000;
  let checkpoint = await readCheckpoint(target);
  const head = await source.headPosition();
  let copied = 0;
  let skipped = 0;
  let position = checkpoint.position;
  let sinceCheckpoint = 0;
  let run: RecordedEvent[] = [];
  let runBytes = 0;
  const progress = (): MigrationProgress => ({ copied, skipped, position, head });

  const saveCheckpoint = async () => {
    if (position === checkpoint.position) return;
    const data = { position: position.toString(), copied };
    const metadata = {
      eventId: randomUUID(),
      occurredAt: new Date().toISOString(),
      projectId: null,
      actor: { type: 'system' as const, id: 'migration' },
      correlationId: 'migration',
      causationId: null,
      schemaVersion: 1,
    };
    const result = await target.appendToStream(
      MIGRATION_CHECKPOINT_STREAM,
      [{ type: MIGRATION_CHECKPOINT_TYPE, data, metadata }],
      {
        expectedRevision: checkpoint.revision,
      },
    );
    checkpoint = { position, revision: result.nextExpectedRevision };
    sinceCheckpoint = 0;
  };

  const flush = async () => {
    const first = run[0];
    const last = run.at(-1);
    if (!first || !last) return;
    const events = run.map(({ type, data, metadata }) => ({ type, data, metadata }));
    try {
      await target.appendToStream(first.streamName, events, {
        expectedRevision: first.revision === 0n ? 'no_stream' : first.revision - 1n,
      });
      copied += run.length;
    } catch (error) {
      const alreadyThere =
        error instanceof WrongExpectedRevisionError &&
        typeof error.actual === 'bigint' &&
        error.actual >= last.revision;
      if (!alreadyThere) {
        throw new Error(
          `Stream ${first.streamName} in the target does not match the source at revision ${first.revision}: ${(error as Error).message}`,
          { cause: error },
        );
      }
      skipped += run.length;
    }
    position = last.position;
    sinceCheckpoint += run.length;
    run = [];
    runBytes = 0;
    options.onProgress?.(progress());
    if (sinceCheckpoint >= checkpointEvery) await saveCheckpoint();
  };

  for await (const event of source.readAll({ after: checkpoint.position })) {
    const bytes = JSON.stringify(event.data).length + JSON.stringify(event.metadata).length;
    const continuesRun =
      run[0]?.streamName === event.streamName && run.length < batchSize && runBytes + bytes <= batchBytes;
    if (!continuesRun) await flush();
    run.push(event);
    runBytes += bytes;
  }
  await flush();
  await saveCheckpoint();
  options.onProgress?.(progress());
  return progress();
};
