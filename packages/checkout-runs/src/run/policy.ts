/**
 * Budgets fixed when a run is created and recorded in its first event, so a configuration
 * change never alters the rules of a run already under way.
 */
export interface RunPolicy {
  /** How many times a run whose runner vanished goes back to the queue before it fails. */
  readonly maxTakeovers: number;
  /** Steps a run may record in total, across takeovers. */
  readonly maxSteps: number;
  /** Wall-clock budget from the first claim, in milliseconds, across takeovers. */
  readonly maxDurationMs: number;
}

export const DEFAULT_RUN_POLICY: RunPolicy = {
  maxTakeovers: 2,
  maxSteps: 200,
  maxDurationMs: 30 * 60 * 1000,
};

export const resolvePolicy = (overrides: Partial<RunPolicy> = {}): RunPolicy => ({
  ...DEFAULT_RUN_POLICY,
  ...Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)),
});

export const isValidPolicy = (policy: RunPolicy): boolean =>
  Number.isSafeInteger(policy.maxTakeovers) &&
  policy.maxTakeovers >= 0 &&
  Number.isSafeInteger(policy.maxSteps) &&
  policy.maxSteps >= 1 &&
  Number.isSafeInteger(policy.maxDurationMs) &&
  policy.maxDurationMs >= 1;
