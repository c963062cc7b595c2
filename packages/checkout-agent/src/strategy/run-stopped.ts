/**
 * Why the runner stopped working on a run before the strategy finished:
 * - `cancelled`: the user asked to cancel; once the strategy has unwound (cleaning up at the
 *   merchant), the runner completes the cancellation;
 * - `ended`: the run reached a final status (a sweeper's deadline, an expired question, the user's cancel while waiting);
 * - `lease_lost`: another runner took it over;
 * - `stopped`: this runner was killed or shut down.
 */
export type StopReason = 'cancelled' | 'ended' | 'lease_lost' | 'stopped';

/** Thrown out of the strategy context: the strategy must let it through (after any cleanup). */
export class RunStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`The run stopped: ${reason}`);
    this.name = 'RunStopped';
  }
}

export const isRunStopped = (error: unknown): error is RunStopped => error instanceof RunStopped;
