/** `idle` before start, `running` while it follows `$all`, `failed` after an error, `stopped` after stop(). */
export type ProjectionState = 'idle' | 'running' | 'stopped' | 'failed';

export interface ProjectionFailure {
  readonly message: string;
  /** The event whose apply failed; null when the failure was not an event's (setup, the store). */
  readonly position: bigint | null;
  readonly error: unknown;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly version: number;
  readonly state: ProjectionState;
  readonly checkpoint: bigint;
  readonly headPosition: bigint;
  /** How far the checkpoint is behind the head, in positions (not necessarily events). */
  readonly lag: bigint;
  /** Running and at the head. */
  readonly caughtUp: boolean;
  readonly lastError: ProjectionFailure | null;
}
