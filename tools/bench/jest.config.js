import { env } from 'node:process';
import { ignoredSuites, preset } from '../../jest.preset.js';

// The benchmarks' smoke runs that start API servers in processes of their own (from source, ~3 CPU s a
// start): a CI step of their own, `pnpm test:bench` (README, docs/testing.md "Speed").
export const SERVER_BENCH_SUITES = [
  '/test/http-benchmarks\\.',
  '/test/orders-list-benchmark\\.',
  '/test/growth-benchmark\\.',
];

export default {
  ...preset,
  displayName: 'bench',
  testPathIgnorePatterns: ignoredSuites(env.PAYKIT_BENCH_TESTS ? [] : SERVER_BENCH_SUITES),
};
