import { URL, fileURLToPath } from 'node:url';

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
  setupFilesAfterEnv: [
    fileURLToPath(new URL('./tools/testing/test-timeout.js', import.meta.url)),
    // CPU seconds and leaked handles per test file, only when measuring (docs/testing.md, "Speed").
    ...(process.env.PAYKIT_TEST_PROBE_LOG
      ? [fileURLToPath(new URL('./tools/testing/probe-per-file.js', import.meta.url))]
      : []),
  ],
};
