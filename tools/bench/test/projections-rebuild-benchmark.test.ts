import { runProjectionsRebuildBenchmark } from '../src/projections-rebuild.js';

// A smoke run on a small store: checks that the real orders-list projection rebuilds every order
// generated (the benchmark throws otherwise) and that each figure is reported, not how fast anything is.
describe('projections-rebuild benchmark', () => {
  it('rebuilds the orders list from the generated store and reports the rate, the swap and the ratio to the raw catch-up', async () => {
    const lines: string[] = [];
    const figures = await runProjectionsRebuildBenchmark({
      events: 5_000,
      rounds: 1,
      print: (line) => lines.push(line),
    });
    expect(figures.orders).toBeGreaterThan(1_000);
    expect(figures.events).toBeGreaterThan(figures.orders);
    expect(figures.rawCatchUpPerSecond).toBeGreaterThan(0);
    expect(figures.rebuildPerSecond).toBeGreaterThan(0);
    expect(figures.slowdown).toBeCloseTo(figures.rawCatchUpPerSecond / figures.rebuildPerSecond);
    expect(lines.some((line) => line.startsWith('ratio rebuild / raw catch-up:'))).toBe(true);
  }, 120_000);
});
