import { runEventStoreBenchmark } from '../src/event-store.js';

// A smoke run at a hundredth of the size: checks that every workload runs and reads back what
// it wrote (the benchmark throws otherwise), not how fast anything is.
describe('event-store benchmark', () => {
  it('runs every workload under both durability settings and reports a figure for each', async () => {
    const lines: string[] = [];
    const figures = await runEventStoreBenchmark({ scale: 0.01, rounds: 1, print: (line) => lines.push(line) });
    expect(figures.map((f) => `${f.durability} ${f.workload.trim()}`)).toEqual(
      ['FULL', 'NORMAL'].flatMap((durability) =>
        [
          'single-event appends/s',
          "the same, plain code on the adapter's table and index",
          '100-event batch appends, events/s',
          'readStream, events/s',
          '$all catch-up subscription, events/s',
          '64 concurrent single-event appends/s (plain: one at a time)',
        ].map((workload) => `${durability} ${workload}`),
      ),
    );
    for (const figure of figures) {
      expect(figure.plain).toBeGreaterThan(0);
      expect(figure.adapter).toBeGreaterThan(0);
      expect(Number.isFinite(figure.ratio)).toBe(true);
    }
    expect(lines.filter((line) => line.includes('ratio'))).toHaveLength(figures.length);
  }, 120_000);
});
