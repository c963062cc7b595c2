import { runOrdersListBenchmark } from '../src/orders-list.js';

// A smoke run at small sizes: two APIs in processes of their own (from source), their orders
// lists filled from the bench process, answer every page with a 200 (the benchmark throws
// otherwise), and bare Fastify answers the same first page; not how fast anything is.
describe('orders-list benchmark', () => {
  it('pages through lists filled beside the running APIs and reports the p50s, the ratio and the bare baseline', async () => {
    const lines: string[] = [];
    const figures = await runOrdersListBenchmark({ large: 2_000, samples: 5, print: (line) => lines.push(line) });
    expect(figures.largeP50).toBeGreaterThan(0);
    expect(figures.largeP99).toBeGreaterThanOrEqual(figures.largeP50);
    expect(figures.bareP50).toBeGreaterThan(0);
    expect(lines.some((line) => line.startsWith('| all pages'))).toBe(true);
    expect(lines.some((line) => line.startsWith("bare Fastify answering the first page's JSON"))).toBe(true);
  }, 240_000);
});
