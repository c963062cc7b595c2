import * as E from 'fp-ts/lib/Either.js';
import type { Environment } from '../../src/chains/chain-type.js';
import {
  formatTokenLocator,
  parseTokenLocator,
  resolveTokenLocator,
  type TokenLocator,
} from '../../src/locators/token-locator.js';

const parse = (text: string, environment: Environment = 'staging'): TokenLocator => {
  const result = parseTokenLocator(text, environment);
  if (E.isLeft(result)) throw new Error(result.left.message);
  return result.right;
};

const refusal = (text: string, environment: Environment = 'staging'): string => {
  const result = parseTokenLocator(text, environment);
  if (E.isRight(result)) throw new Error(`expected ${text} to be refused`);
  expect(result.left).toMatchObject({ kind: 'invalid', code: 'invalid_token_locator' });
  return result.left.message;
};

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const NFT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('parseTokenLocator: the three forms', () => {
  it.each<[string, Environment, TokenLocator]>([
    ['base-sepolia:usdc', 'staging', { kind: 'currency', chain: 'base-sepolia', currency: 'usdc' }],
    ['base-sepolia:USDXM', 'staging', { kind: 'currency', chain: 'base-sepolia', currency: 'usdxm' }],
    ['solana:sol', 'production', { kind: 'currency', chain: 'solana', currency: 'sol' }],
    [`base:${USDC_BASE.toLowerCase()}`, 'production', { kind: 'address', chain: 'base', address: USDC_BASE }],
    [
      `ethereum-sepolia:${NFT}:42`,
      'staging',
      { kind: 'address', chain: 'ethereum-sepolia', address: NFT, tokenId: '42' },
    ],
    [
      'solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      'production',
      { kind: 'address', chain: 'solana', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
    ],
    ['sui:0x2::sui::SUI', 'staging', { kind: 'address', chain: 'sui', address: `0x${'0'.repeat(63)}2::sui::SUI` }],
    [`aptos:0x${'AB'.repeat(32)}`, 'staging', { kind: 'address', chain: 'aptos', address: `0x${'ab'.repeat(32)}` }],
    [
      'stellar:CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF',
      'staging',
      { kind: 'address', chain: 'stellar', address: 'CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF' },
    ],
  ])('%s (%s)', (text, environment, expected) => {
    expect(parse(text, environment)).toEqual(expected);
    expect(parse(formatTokenLocator(expected), environment)).toEqual(expected);
  });
});

describe('parseTokenLocator: malformed locators', () => {
  it.each<[string, Environment, string]>([
    ['usdc', 'staging', 'tokenLocator: expected <chain>:<currency> or <chain>:<address>[:<tokenId>], got "usdc"'],
    ['bsc:usdc', 'staging', 'tokenLocator: unknown chain "bsc"'],
    ['base:usdc', 'staging', 'tokenLocator: chain "base" belongs to production; staging works on test networks'],
    [
      'base-sepolia:usdc',
      'production',
      'tokenLocator: chain "base-sepolia" belongs to staging; production works on main networks',
    ],
    ['base-sepolia:', 'staging', 'tokenLocator: missing currency or token address after "base-sepolia:"'],
    [
      'base-sepolia:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02914',
      'staging',
      'tokenLocator: token address "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02914" has an invalid EIP-55 checksum',
    ],
    [
      'base-sepolia:0x1234',
      'staging',
      'tokenLocator: "0x1234" is neither a currency nor a 0x-prefixed 20-byte contract address on base-sepolia',
    ],
    [`base-sepolia:${NFT}:x1`, 'staging', 'tokenLocator: token id "x1" is not a non-negative integer'],
    [`base-sepolia:${NFT}:1:2`, 'staging', 'tokenLocator: unexpected "2" after the token id'],
    ['base-sepolia:usdc:1', 'staging', 'tokenLocator: a currency takes no token id ("1")'],
    [
      'solana:EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v:1',
      'staging',
      'tokenLocator: token ids are only used on evm chains, not on solana',
    ],
    [
      'sui:0x2::sui',
      'staging',
      'tokenLocator: "0x2::sui" is neither a currency nor a coin type such as 0x2::sui::SUI on sui',
    ],
  ])('%s (%s)', (text, environment, message) => {
    expect(refusal(text, environment)).toBe(message);
  });
});

describe('resolveTokenLocator', () => {
  it('resolves usdc to the test stablecoin in staging, with its decimals and address', () => {
    const resolved = resolveTokenLocator('base-sepolia:usdc', 'staging');
    expect(resolved).toEqual(
      E.right(
        expect.objectContaining({
          locator: 'base-sepolia:usdxm',
          native: false,
          address: '0xDc701122B8afFF800A94b86c03D2222D10efbA90',
        }),
      ),
    );
    expect(E.isRight(resolved) && resolved.right.known?.decimals).toBe(6);
  });

  it('gives a token named by address and by currency the same canonical locator', () => {
    const byAddress = resolveTokenLocator(`base:${USDC_BASE.toLowerCase()}`, 'production');
    const byCurrency = resolveTokenLocator('base:usdc', 'production');
    expect(E.isRight(byAddress) && byAddress.right.locator).toBe('base:usdc');
    expect(E.isRight(byCurrency) && byCurrency.right.locator).toBe('base:usdc');
  });

  it('resolves native currencies, and unknown contracts with no metadata', () => {
    const eth = resolveTokenLocator('base-sepolia:eth', 'staging');
    expect(E.isRight(eth) && eth.right).toMatchObject({
      locator: 'base-sepolia:eth',
      native: true,
      known: { decimals: 18 },
    });
    const nft = resolveTokenLocator(`base-sepolia:${NFT.toLowerCase()}:7`, 'staging');
    expect(E.isRight(nft) && nft.right).toMatchObject({
      locator: `base-sepolia:${NFT}:7`,
      tokenId: '7',
      native: false,
    });
    expect(E.isRight(nft) && 'known' in nft.right).toBe(false);
  });

  it('refuses a currency the chain does not have', () => {
    expect(resolveTokenLocator('base-sepolia:doge', 'staging')).toEqual(
      E.left({
        kind: 'invalid',
        code: 'invalid_token_locator',
        message: 'tokenLocator: unknown currency "doge" on base-sepolia',
      }),
    );
    expect(E.isLeft(resolveTokenLocator('base:usdxm', 'production'))).toBe(true);
  });
});

describe('parseTokenLocator: colons and lookalikes', () => {
  it.each<[string, string]>([
    // Only a Sui coin type keeps its "::" inside the token; elsewhere every colon separates.
    [`base-sepolia:${NFT}::7`, 'tokenLocator: unexpected "7" after the token id'],
    ['base-sepolia:usdc::x', 'tokenLocator: unexpected "x" after the token id'],
    // A Sui locator without "::" splits at its colon like any other.
    ['sui:sui:1', 'tokenLocator: a currency takes no token id ("1")'],
    // Everything after the token id is named, colons included.
    [`base-sepolia:${NFT}:1:2:3`, 'tokenLocator: unexpected "2:3" after the token id'],
    // An EVM-looking address is a checksum error on EVM chains only; elsewhere it is just not an address.
    [
      `solana:${NFT.toLowerCase()}`,
      `tokenLocator: "${NFT.toLowerCase()}" is neither a currency nor a base58 mint address on solana`,
    ],
  ])('%s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });
});

describe('resolveTokenLocator: tokens named by address', () => {
  it("reads a token id as one token of the contract, never as the contract's known currency", () => {
    expect(resolveTokenLocator(`base:${USDC_BASE}:1`, 'production')).toEqual(
      E.right(
        expect.objectContaining({ locator: `base:${USDC_BASE}:1`, native: false, address: USDC_BASE, tokenId: '1' }),
      ),
    );
    const resolved = resolveTokenLocator(`base:${USDC_BASE}:1`, 'production');
    expect(E.isRight(resolved) && 'known' in resolved.right).toBe(false);
  });

  it('gives an unknown contract without a token id no tokenId, not even an undefined one', () => {
    const resolved = resolveTokenLocator(`base-sepolia:${NFT}`, 'staging');
    expect(E.isRight(resolved) && resolved.right).toStrictEqual({
      chain: expect.objectContaining({ name: 'base-sepolia' }),
      locator: `base-sepolia:${NFT}`,
      native: false,
      address: NFT,
    });
  });
});
