import { compileTestToken, readTestTokenSource, sha256Of } from './fixtures/compile-test-token.js';
import { TEST_TOKEN } from './fixtures/ganache-chain.js';

// Recompiling takes 2-3 s of CPU (the solc npm package is the compiler built to JavaScript), so
// it runs on demand: PAYKIT_RECOMPILE_FIXTURES=1. The source hash check runs always.
const recompiling = process.env['PAYKIT_RECOMPILE_FIXTURES'] === '1' ? it : it.skip;

describe('the committed test ERC-20', () => {
  it('was compiled from the Solidity source next to it', () => {
    expect(TEST_TOKEN.sourceSha256).toBe(sha256Of(readTestTokenSource()));
    expect(TEST_TOKEN.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });

  recompiling(
    'is what solc produces from that source',
    () => {
      const compiled = compileTestToken();
      expect(compiled.bytecode).toBe(TEST_TOKEN.bytecode);
      expect(compiled.abi).toEqual(TEST_TOKEN.abi);
    },
    60_000,
  );
});
