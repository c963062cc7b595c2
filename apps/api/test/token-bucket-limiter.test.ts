import { ManualClock } from '@paykit/kernel';
import { TokenBucketLimiter } from '../src/http/rate-limit/token-bucket-limiter.js';

describe('TokenBucketLimiter', () => {
  const budget = { key: 'project:p:write', perMinute: 60 };

  it('allows a burst of the whole budget, then refuses until a token refills', () => {
    const clock = new ManualClock();
    const limiter = new TokenBucketLimiter(clock);
    for (let i = 0; i < 60; i++) expect(limiter.take([budget])?.allowed).toBe(true);
    const refused = limiter.take([budget]);
    expect(refused).toMatchObject({ allowed: false, limit: 60, remaining: 0, retryAfterSeconds: 1, resetSeconds: 60 });
    clock.advance(1_000);
    expect(limiter.take([budget])?.allowed).toBe(true);
    expect(limiter.take([budget])?.allowed).toBe(false);
  });

  it('refills to the budget, never above it', () => {
    const clock = new ManualClock();
    const limiter = new TokenBucketLimiter(clock);
    limiter.take([budget]);
    clock.advance(10 * 60_000);
    expect(limiter.take([budget])).toMatchObject({ allowed: true, remaining: 59 });
  });

  it('takes from every budget or from none, and reports the tightest', () => {
    const clock = new ManualClock();
    const limiter = new TokenBucketLimiter(clock);
    const key = { key: 'key:k:write', perMinute: 2 };
    expect(limiter.take([budget, key])).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    limiter.take([budget, key]);
    expect(limiter.take([budget, key])).toMatchObject({ allowed: false, limit: 2, retryAfterSeconds: 30 });
    // The refused request took nothing from the project budget.
    expect(limiter.take([budget])).toMatchObject({ allowed: true, remaining: 57 });
  });

  it('treats 0 as unlimited', () => {
    const limiter = new TokenBucketLimiter(new ManualClock());
    expect(limiter.take([{ key: 'x', perMinute: 0 }])).toBeNull();
  });
});
