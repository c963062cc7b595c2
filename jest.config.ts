import type { Config } from 'jest';

// One run over every workspace project; each project's jest.config.js uses jest.preset.js.
const config: Config = {
  projects: ['<rootDir>/{apps,packages,tools}/*/jest.config.js'],
  // Both cores of the CI machine (jest's default leaves one idle).
  maxWorkers: 2,
  // Tests run in a random order within each file, the seed printed (rerun one with --seed=N): no test
  // may depend on another having run first.
  randomize: true,
  showSeed: true,
  // A worker whose heap holds more than this after a test file is replaced by a fresh one: each file
  // loads its module graph anew, and workers that kept going reached ~4.7 GB RSS in one full run.
  workerIdleMemoryLimit: '1GB',
  // The test timeout is set per test file (tools/testing/test-timeout.js, in jest.preset.js).
  reporters: ['default', '<rootDir>/tools/testing/summary-reporter.cjs'],
};

export default config;
