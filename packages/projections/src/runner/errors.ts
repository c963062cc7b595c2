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
  ) {
    super(
      `Projection ${projectionName}: running version ${ownVersion} but the database holds ` +
        `${storedVersion === null ? 'no checkpoint' : `version ${storedVersion}`}`,
    );
    this.name = 'ProjectionVersionConflictError';
  }
}
