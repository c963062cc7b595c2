import { DEFAULT_RETRY_POLICY, nextAttemptAt } from '../src/index.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-01-01T00:00:00.000Z');
const after = (milliseconds: number) => new Date(T0.getTime() + milliseconds);

/** Every attempt fails at once: the times of all attempts until the policy gives up. */
const attemptTimes = (random: () => number): Date[] => {
  const times = [T0];
  for (;;) {
    const last = times.at(-1) ?? T0;
    const next = nextAttemptAt(
      { attempts: times.length, firstAttemptAt: T0, failedAt: last },
      DEFAULT_RETRY_POLICY,
      random,
    );
    if (next === null) return times;
    times.push(next);
  }
};

describe('the retry schedule', () => {
  it('doubles the wait after each failure from 30 s, up to 4 h (no jitter at the top of the range)', () => {
    const waits = attemptTimes(() => 1).map((time, index, times) =>
      index === 0 ? 0 : time.getTime() - (times[index - 1] ?? T0).getTime(),
    );
    expect(waits.slice(1, 11)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      960_000,
      1_920_000,
      3_840_000,
      7_680_000,
      4 * HOUR,
    ]);
  });

  it('keeps trying for a day, with a last attempt at the end of it, then gives up', () => {
    for (const random of [() => 0, () => 0.5, () => 0.999]) {
      const times = attemptTimes(random);
      expect(times.at(-1)).toEqual(after(24 * HOUR));
      expect(times.length).toBeGreaterThanOrEqual(12);
      expect(times.length).toBeLessThanOrEqual(25);
      expect(
        nextAttemptAt(
          { attempts: times.length, firstAttemptAt: T0, failedAt: after(24 * HOUR + 10) },
          DEFAULT_RETRY_POLICY,
          random,
        ),
      ).toBeNull();
    }
  });

  it('jitters each wait between half and all of its backoff', () => {
    const failed = { attempts: 3, firstAttemptAt: T0, failedAt: after(HOUR) };
    const wait = (random: number) =>
      (nextAttemptAt(failed, DEFAULT_RETRY_POLICY, () => random)?.getTime() ?? 0) - after(HOUR).getTime();
    expect(wait(0)).toBe(60_000);
    expect(wait(0.5)).toBe(90_000);
    expect(wait(0.999_999)).toBe(120_000);
  });

  it('follows a short policy too (what the tests configure)', () => {
    const policy = { baseDelayMs: 50, maxDelayMs: 200, windowMs: 1_000 };
    expect(nextAttemptAt({ attempts: 1, firstAttemptAt: T0, failedAt: after(5) }, policy, () => 1)).toEqual(after(55));
    expect(nextAttemptAt({ attempts: 9, firstAttemptAt: T0, failedAt: after(900) }, policy, () => 1)).toEqual(
      after(1_000),
    );
    expect(nextAttemptAt({ attempts: 10, firstAttemptAt: T0, failedAt: after(1_000) }, policy, () => 1)).toBeNull();
  });
});
