import type { RecordedEvent } from '@paykit/event-store';

/** A projection's `apply` threw (or was not synchronous): its batch was rolled back. */
export class ProjectionApplyError extends Error {
  readonly position: bigint;
  readonly eventType: string;
  readonly streamName: string;

  constructor(
    readonly projectionName: string,
    event: RecordedEvent,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Projection ${projectionName} failed on ${event.type} at position ${event.position}: ${reason}`, {
      cause,
    });
    this.name = 'ProjectionApplyError';
    this.position = event.position;
    this.eventType = event.type;
    this.streamName = event.streamName;
  }
}

/**
 * The stored checkpoint belongs to another version of the projection: another process with
 * different code rebuilt it. This runner stops rather than write into tables it does not own.
 */
export class ProjectionVersionConflictError extends Error {
  constructor(
    readonly projectionName: string,
    readonly ownVersion: number,
    readonly storedVersion: number | null,
    /** The builds as `buildLabel` names them, when the fingerprints tell them apart. */
    labels?: { readonly own: string; readonly stored: string | null },
  ) {
    const own = labels?.own ?? `version ${ownVersion}`;
    const stored = labels ? labels.stored : storedVersion === null ? null : `version ${storedVersion}`;
    super(`Projection ${projectionName}: running ${own} but the database holds ${stored ?? 'no checkpoint'}`);
    this.name = 'ProjectionVersionConflictError';
  }
}

/**
 * The stored checkpoint is behind what this runner was delivered: another process rebuilt
 * the read model and swapped it in. The runner re-subscribes from the stored checkpoint.
 */
export class CheckpointMovedBackError extends Error {
  constructor(
    readonly projectionName: string,
    readonly storedPosition: bigint,
  ) {
    super(`Projection ${projectionName}: the checkpoint moved back to ${storedPosition} (rebuilt elsewhere)`);
    this.name = 'CheckpointMovedBackError';
  }
}

/** Another live process is rebuilding this projection side by side. */
export class RebuildInProgressError extends Error {
  constructor(
    readonly projectionName: string,
    readonly owner: string,
  ) {
    super(`Projection ${projectionName} is being rebuilt by ${owner}`);
    this.name = 'RebuildInProgressError';
  }
}
