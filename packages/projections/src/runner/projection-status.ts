/**
 * `idle` before start; `rebuilding` while a new build of the projection is made side by side
 * (the previous build's tables keep serving reads, frozen at their checkpoint); `running`
 * while it follows `$all`; `failed` after an error; `stopped` after stop().
 */
export type ProjectionState = 'idle' | 'rebuilding' | 'running' | 'stopped' | 'failed';

export interface ProjectionFailure {
  readonly message: string;
  /** The event whose apply failed; null when the failure was not an event's (setup, the store). */
  readonly position: bigint | null;
  readonly error: unknown;
}

/** How far a side-by-side rebuild has got: its shadow checkpoint and the head it is heading for. */
export interface RebuildProgress {
  readonly position: bigint;
  readonly head: bigint;
  /** Epoch milliseconds. */
  readonly startedAt: number;
}

export interface ProjectionStatus {
  readonly name: string;
  readonly version: number;
  readonly state: ProjectionState;
  /** The checkpoint of the tables that serve reads. */
  readonly checkpoint: bigint;
  readonly headPosition: bigint;
  /**
   * How far the checkpoint is behind the head, in positions: events, with the memory and sqlite
   * stores, whose positions have no gaps.
   */
  readonly lag: bigint;
  /** How long the oldest event not yet in the read model has been waiting (0 when caught up). */
  readonly lagSeconds: number;
  /** Running and at the head. */
  readonly caughtUp: boolean;
  /** The side-by-side rebuild in progress, in this process or another; null when none. */
  readonly rebuild: RebuildProgress | null;
  readonly lastError: ProjectionFailure | null;
}
