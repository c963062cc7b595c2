import { ManualClock } from '@paykit/kernel';
import { TtlCache } from '../src/auth/ttl-cache.js';

describe('TtlCache (authenticated keys)', () => {
  it('forgets an entry once its time is up', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<string>(clock, 5_000);
    cache.set('k', 'v');
    clock.advance(4_999);
    expect(cache.get('k')).toBe('v');
    clock.advance(1);
    expect(cache.get('k')).toBeUndefined();
  });

  it('drops the oldest entry when full, and an entry on demand', () => {
    const cache = new TtlCache<number>(new ManualClock(), 5_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    cache.delete('b');
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps nothing with a zero lifetime, even when the clock steps back', () => {
    const clock = new ManualClock();
    const cache = new TtlCache<number>(clock, 0);
    cache.set('a', 1);
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 2);
    clock.advance(-1_000);
    expect(cache.get('b')).toBeUndefined();
  });
});
