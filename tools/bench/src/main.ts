import { describeMachine } from './machine.js';

/**
 * `pnpm bench <name>`: runs one benchmark. Each entry loads its module only when chosen, so a
 * benchmark's dependencies (the whole API for `http`) cost nothing to the others.
 */
const BENCHMARKS: Readonly<Record<string, () => Promise<unknown>>> = {
  http: async () => (await import('./http.js')).runHttpBenchmark(),
  'http-wallets': async () => (await import('./http-wallets.js')).runWalletsHttpBenchmark(),
  'projections-rebuild': async () => {
    await (await import('./projections-rebuild.js')).runProjectionsRebuildBenchmark();
  },
  'orders-list': async () => (await import('./orders-list.js')).runOrdersListBenchmark(),
  browser: async () => (await import('./browser.js')).runBrowserBenchmark(),
  'checkout-corpus': async () => (await import('./checkout-corpus.js')).runCheckoutCorpusBenchmark(),
  'event-store': async () => {
    await (await import('./event-store.js')).runEventStoreBenchmark();
  },
  growth: async () => (await import('./growth.js')).runGrowthBenchmark(),
};

const name = process.argv[2];
const run = name === undefined ? undefined : BENCHMARKS[name];
if (!run) {
  console.error(`usage: pnpm bench <${Object.keys(BENCHMARKS).join('|')}>`);
  process.exit(2);
}
console.log(describeMachine('start'));
await run();
console.log(describeMachine('end'));
