import type { Config } from 'jest';

// One run over every workspace project; each project's jest.config.js uses jest.preset.js.
const config: Config = {
  projects: ['<rootDir>/{apps,packages,tools}/*/jest.config.js'],
  reporters: ['default', '<rootDir>/tools/testing/summary-reporter.cjs'],
};

export default config;
