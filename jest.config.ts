import type { Config } from 'jest';

// One run over every workspace project; each project's jest.config.js uses jest.preset.js.
const config: Config = {
  projects: ['<rootDir>/{apps,packages,tools}/*/jest.config.js'],
  // Both cores of the CI machine (jest's default leaves one idle).
  maxWorkers: 2,
  // Servers start in-process per suite; on a loaded 2-core CI machine that can exceed jest's 5 s.
  testTimeout: 30_000,
  reporters: ['default', '<rootDir>/tools/testing/summary-reporter.cjs'],
};

export default config;
