import { runHttpBenchmark } from '../src/http.js';
import { runWalletsHttpBenchmark } from '../src/http-wallets.js';

// Smoke runs of a second per server, without warm-up: each server starts in a child process of its
// own (from source, through the API's TS loader), answers every request with a 2xx (the benchmark
// throws otherwise), and each figure is reported; not how fast anything is.
const SHORT = { seconds: 1, rounds: 1, warmUpSeconds: 0 };

describe('HTTP benchmarks with each server in its own process', () => {
  it('http: loads bare Fastify and the API in turn and reports the ratio and the CPU per request of each', async () => {
    const lines: string[] = [];
    const figures = await runHttpBenchmark({ rounds: SHORT, print: (line) => lines.push(line) });
    expect(figures.baseline.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.api.requestsPerSecond).toBeGreaterThan(0);
    expect(figures.ratio).toBeCloseTo(figures.api.requestsPerSecond / figures.baseline.requestsPerSecond);
    // The servers' own processes did the work: none of it is counted in this process.
    expect(figures.api.cpuMicrosPerRequest).toBeGreaterThan(0);
    expect(figures.baseline.cpuMicrosPerRequest).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('ratio: '))).toBe(true);
  }, 180_000);

  it('http-wallets: creates wallets and reads a finished transfer as fast as possible and at a fixed rate', async () => {
    const lines: string[] = [];
    const figures = await runWalletsHttpBenchmark({ rounds: SHORT, fixedRate: 50, print: (line) => lines.push(line) });
    expect(figures.createRatio).toBeGreaterThan(0);
    expect(figures.getRatio).toBeGreaterThan(0);
    for (const paced of [figures.createAtRate, figures.getAtRate]) {
      expect(paced.requestsPerSecond).toBeGreaterThan(0);
      expect(paced.p99).toBeGreaterThanOrEqual(paced.p50);
    }
    expect(lines.filter((line) => line.includes('@ 50/s: p50'))).toHaveLength(2);
  }, 240_000);
});
