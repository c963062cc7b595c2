import { env } from 'node:process';
import { ignoredSuites, preset } from '../../jest.preset.js';

// The crash walks (SIGKILL at every point), the look at data at rest after a SIGKILL and the scale-out suite start API server processes:
// about 350 CPU s of the suite's ~800. They run as a CI step of their own, `pnpm test:crash` (README, docs/testing.md).
export const CRASH_SUITES = [
  '/test/money-safety/kill-',
  '/test/money-safety/load-and-kill\\.',
  // Looks at the data directory right after a SIGKILL, with two server processes.
  '/test/money-safety/data-at-rest\\.',
  '/test/wallets/create-wallet-crash\\.',
  '/test/scale-out/scale-out\\.e2e\\.',
];

export default {
  ...preset,
  displayName: 'api',
  testPathIgnorePatterns: ignoredSuites(env.PAYKIT_CRASH_TESTS ? [] : CRASH_SUITES),
};
