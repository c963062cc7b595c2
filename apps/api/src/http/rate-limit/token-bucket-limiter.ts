import type { Clock } from '@paykit/kernel';

export interface Budget {
  /** Bucket identity, e.g. `project:<id>:write`. */
  readonly key: string;
  /** Requests per minute; 0 means unlimited. */
  readonly perMinute: number;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  /** Of the tightest budget: what the X-RateLimit-* headers report. */
  readonly limit: number;
  readonly remaining: number;
  /** Seconds until the tightest budget is full again. */
  readonly resetSeconds: number;
  /** Seconds until a refused request may succeed; 0 when allowed. */
  readonly retryAfterSeconds: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const WINDOW_MS = 60_000;
/** Past this many buckets, full (idle) ones are dropped: memory stays bounded by active callers. */
const PRUNE_THRESHOLD = 10_000;

/**
 * Token buckets in process memory: each budget holds up to `perMinute` tokens and refills at
 * `perMinute` per minute, so a caller may burst its whole minute at once but never exceed it on
 * average. A request takes one token from every budget it falls under, or from none.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly clock: Clock) {}

  take(budgets: readonly Budget[]): RateLimitDecision | null {
    // Loops over the (two) budgets rather than arrays of states: this runs on every request.
    const now = this.clock.now().getTime();
    let tightest: { budget: Budget; bucket: Bucket } | null = null;
    let allowed = true;
    for (const budget of budgets) {
      if (budget.perMinute <= 0) continue;
      const bucket = this.refilled(budget, now);
      if (bucket.tokens < 1) allowed = false;
      if (tightest === null || bucket.tokens < tightest.bucket.tokens) tightest = { budget, bucket };
    }
    if (tightest === null) return null;
    if (allowed) {
      for (const budget of budgets) if (budget.perMinute > 0) this.buckets.get(budget.key)!.tokens -= 1;
    }
    const ratePerMs = tightest.budget.perMinute / WINDOW_MS;
    const missing = Math.max(0, tightest.budget.perMinute - tightest.bucket.tokens);
    return {
      allowed,
      limit: tightest.budget.perMinute,
      remaining: Math.floor(tightest.bucket.tokens),
      resetSeconds: Math.ceil(missing / ratePerMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(this.waitForOneToken(budgets, now) / 1000)),
    };
  }

  private waitForOneToken(budgets: readonly Budget[], now: number): number {
    let wait = 0;
    for (const budget of budgets) {
      if (budget.perMinute <= 0) continue;
      const bucket = this.refilled(budget, now);
      wait = Math.max(wait, Math.max(0, 1 - bucket.tokens) / (budget.perMinute / WINDOW_MS));
    }
    return wait;
  }

  private refilled(budget: Budget, now: number): Bucket {
    let bucket = this.buckets.get(budget.key);
    if (!bucket) {
      if (this.buckets.size >= PRUNE_THRESHOLD) this.pruneFull(now);
      bucket = { tokens: budget.perMinute, updatedAt: now };
      this.buckets.set(budget.key, bucket);
      return bucket;
    }
    const elapsed = Math.max(0, now - bucket.updatedAt);
    bucket.tokens = Math.min(budget.perMinute, bucket.tokens + (elapsed * budget.perMinute) / WINDOW_MS);
    bucket.updatedAt = now;
    return bucket;
  }

  /** A bucket idle for a whole window is full again: forgetting it changes nothing. */
  private pruneFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (now - bucket.updatedAt >= WINDOW_MS) this.buckets.delete(key);
    }
  }
}
