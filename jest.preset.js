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
  // Servers start in-process per suite; on a loaded 2-core CI machine that can exceed jest's 5 s.
  testTimeout: 30_000,
};
