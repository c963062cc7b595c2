/** When failed deliveries are tried again, and for how long. */
export interface RetryPolicy {
  /** The wait after the first failure; each further failure doubles it. */
  readonly baseDelayMs: number;
  /** The longest wait between two attempts. */
  readonly maxDelayMs: number;
  /** How long after its first attempt a delivery is given up (marked failed). */
  readonly windowMs: number;
}

/** 30 s, 1 min, 2 min ... capped at 4 h, for a day: about 15 attempts. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 30_000,
  maxDelayMs: 4 * 3_600_000,
  windowMs: 24 * 3_600_000,
};

export interface FailedAttempts {
  /** Attempts made in this cycle (a manual redelivery starts a new one), the failed one included. */
  readonly attempts: number;
  /** When the cycle's first attempt started. */
  readonly firstAttemptAt: Date;
  /** When the last attempt ended. */
  readonly failedAt: Date;
}

/**
 * When to try a failed delivery again, or null to give up. Exponential backoff with "equal
 * jitter" (half the delay fixed, half random) so endpoints that failed together do not all
 * come back at once; never past the window, and one last attempt at its end.
 * `random` returns a number in [0, 1).
 */
export const nextAttemptAt = (failed: FailedAttempts, policy: RetryPolicy, random: () => number): Date | null => {
  const deadline = failed.firstAttemptAt.getTime() + policy.windowMs;
  const failedAt = failed.failedAt.getTime();
  if (failedAt >= deadline) return null;
  const exponent = Math.min(Math.max(failed.attempts - 1, 0), 40);
  const delay = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
  const jittered = delay / 2 + random() * (delay / 2);
  return new Date(Math.min(failedAt + Math.round(jittered), deadline));
};
