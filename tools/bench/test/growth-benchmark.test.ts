import { runGrowthBenchmark } from '../src/growth.js';

// A smoke run of a few seconds against the API in its own process (from source): every request
// creates a wallet or an order (a failure is counted and reported), and every interval reports
// its figures and the data directory's size; not how fast anything is.
describe('growth benchmark', () => {
  it('creates wallets and orders without failures and reports each interval, the store growing', async () => {
    const lines: string[] = [];
    const figures = await runGrowthBenchmark({
      minutes: 0.1,
      intervalSeconds: 2,
      connections: 4,
      print: (line) => lines.push(line),
    });
    expect(figures.failures).toBe(0);
    expect(figures.wallets).toBeGreaterThan(0);
    expect(figures.orders).toBeGreaterThan(0);
    expect(figures.intervals.length).toBeGreaterThanOrEqual(2);
    const requests = figures.intervals.reduce((sum, interval) => sum + interval.requests, 0);
    expect(requests).toBe(figures.wallets + figures.orders);
    for (const interval of figures.intervals) {
      expect(interval.cpuMicrosPerRequest).toBeGreaterThan(0);
      expect(interval.p99).toBeGreaterThanOrEqual(interval.p50);
    }
    expect(figures.intervals.at(-1)!.dataBytes).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('last interval against the first:'))).toBe(true);
  }, 180_000);
});
