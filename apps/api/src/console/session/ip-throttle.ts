/**
 * Failed logins per client address, in this instance's memory: a sliding window that refuses an
 * address after `limit` failures, whichever accounts it tried (the per-account lock lives in the
 * operator's stream, shared by every instance).
 */
export class IpThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 20,
    private readonly windowMs = 15 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  isBlocked(ip: string): boolean {
    return this.recent(ip).length >= this.limit;
  }

  recordFailure(ip: string): void {
    this.failures.set(ip, [...this.recent(ip), this.now()]);
  }

  private recent(ip: string): number[] {
    const since = this.now() - this.windowMs;
    const recent = (this.failures.get(ip) ?? []).filter((at) => at > since);
    if (recent.length === 0) this.failures.delete(ip);
    return recent;
  }
}
