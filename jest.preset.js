import { URL, fileURLToPath } from 'node:url';

// The suites that drive whole checkouts, the console and the live view in Chromium: a CI step of their
// own, `pnpm test:browser` (PAYKIT_BROWSER_TESTS=only runs just them; README, docs/testing.md "Speed").
export const BROWSER_SUITES = [
  '/checkout-agent/test/browser/',
  '/checkout-agent/test/live-view/live-view\\.',
  '/checkout-agent/test/model/model-strategy\\.',
  '/api/test/agent-checkouts/(browser-checkout|browser-profiles|card-secrecy|live-view-links|model-checkout)\\.',
  '/api/test/console/console-browser\\.',
];

/** What a project leaves out: the browser suites by default, everything else with PAYKIT_BROWSER_TESTS=only. */
export const ignoredSuites = (extra = []) => [
  '/node_modules/',
  ...(process.env.PAYKIT_BROWSER_TESTS === 'only' ? [`^(?!.*(${BROWSER_SUITES.join('|')}))`] : BROWSER_SUITES),
  ...extra,
];

// Shared jest settings for every workspace project: ESM TypeScript through ts-jest.
export const preset = {
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['@paykit/source', 'node', 'node-addons'] },
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: '<rootDir>/tsconfig.json' }],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ignoredSuites(),
  setupFilesAfterEnv: [
    fileURLToPath(new URL('./tools/testing/test-timeout.js', import.meta.url)),
    // CPU seconds and leaked handles per test file, only when measuring (docs/testing.md, "Speed").
    ...(process.env.PAYKIT_TEST_PROBE_LOG
      ? [fileURLToPath(new URL('./tools/testing/probe-per-file.js', import.meta.url))]
      : []),
  ],
};
