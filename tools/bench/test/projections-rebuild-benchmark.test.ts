import { runProjectionsRebuildBenchmark } from '../src/projections-rebuild.js';

// A smoke run on a small store: checks that the rebuild reads back every order it generated
// (the benchmark throws otherwise) and reports each figure, not how fast anything is.
describe('projections-rebuild benchmark', () => {
  it('rebuilds the generated store and reports the rate, the swap and the ratio to raw reads', async () => {
    const lines: string[] = [];
    const figures = await runProjectionsRebuildBenchmark({ events: 5_000, rounds: 1, print: (line) => lines.push(line) });
    expect(figures.events).toBe(5_000);
    expect(figures.rawReadPerSecond).toBeGreaterThan(0);
    expect(figures.rebuildPerSecond).toBeGreaterThan(0);
    expect(figures.ratio).toBeCloseTo(figures.rebuildPerSecond / figures.rawReadPerSecond);
    expect(lines.some((line) => line.startsWith('ratio rebuild / raw read:'))).toBe(true);
  }, 120_000);
});
