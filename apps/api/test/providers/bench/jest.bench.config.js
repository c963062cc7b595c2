// Runs faucet-balance.bench.ts on its own (not in CI): see that file.
import { preset } from '../../../../../jest.preset.js';
export default {
  ...preset,
  rootDir: '../../..',
  displayName: 'bench',
  testMatch: ['<rootDir>/test/providers/bench/*.bench.ts'],
  testTimeout: 600_000,
};
