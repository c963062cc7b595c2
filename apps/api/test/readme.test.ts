import { readFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '../src/config/config.js';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('README.md', () => {
  it('names every environment variable the server reads', () => {
    const unnamed = [...CONFIG_VARIABLES, 'SECRETS_KEY', 'AUTH_CACHE_TTL_MS', 'NODE_ENV', 'EVM_FAUCET_KEY'].filter(
      (name) => !readme.includes(`\`${name}\``),
    );
    expect(unnamed).toEqual([]);
  });

  it('links nothing outside the repository a clone has', () => {
    expect(readme).not.toMatch(/\.\.\/shared\//);
  });
});
