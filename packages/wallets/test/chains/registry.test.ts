import { AccountAddress } from '@aptos-labs/ts-sdk';
import { isAddress as isSolanaAddress } from '@solana/kit';
import { Asset, Networks, StrKey } from '@stellar/stellar-sdk';
import { isValidSuiAddress } from '@mysten/sui/utils';
import { isAddress as isEvmAddress } from 'viem';
import * as viemChains from 'viem/chains';
import type { Chain } from 'viem';
import {
  chainsOf,
  explorerAddressUrl,
  explorerTransactionUrl,
  findChain,
  type ChainInfo,
} from '../../src/chains/registry.js';
import { findTokenByAddress, findTokenByCurrency, normalizeTokenAddress, tokensOf } from '../../src/chains/tokens.js';

const VIEM_NAMES: Record<string, keyof typeof viemChains> = {
  'base-sepolia': 'baseSepolia',
  'polygon-amoy': 'polygonAmoy',
  'ethereum-sepolia': 'sepolia',
  'arbitrum-sepolia': 'arbitrumSepolia',
  'optimism-sepolia': 'optimismSepolia',
  base: 'base',
  polygon: 'polygon',
  ethereum: 'mainnet',
  arbitrum: 'arbitrum',
  optimism: 'optimism',
};

const chain = (name: string, environment: 'staging' | 'production'): ChainInfo => {
  const found = findChain(name, environment);
  if (!found) throw new Error(`no chain ${name} in ${environment}`);
  return found;
};

describe('chain registry', () => {
  it('puts test networks in staging and main networks in production', () => {
    expect(chainsOf('staging').map((c) => c.name)).toEqual([
      'base-sepolia',
      'polygon-amoy',
      'ethereum-sepolia',
      'arbitrum-sepolia',
      'optimism-sepolia',
      'solana',
      'aptos',
      'sui',
      'stellar',
    ]);
    expect(chainsOf('production').map((c) => c.name)).toEqual([
      'base',
      'polygon',
      'ethereum',
      'arbitrum',
      'optimism',
      'solana',
      'aptos',
      'sui',
      'stellar',
    ]);
    expect(chainsOf('staging').every((c) => c.network === 'testnet')).toBe(true);
    expect(chainsOf('production').every((c) => c.network === 'mainnet')).toBe(true);
    expect(findChain('base', 'staging')).toBeUndefined();
    expect(findChain('base-sepolia', 'production')).toBeUndefined();
  });

  it('matches viem for every EVM chain: chain id, native decimals and explorer', () => {
    for (const environment of ['staging', 'production'] as const) {
      for (const info of chainsOf(environment, 'evm')) {
        const viemChain = viemChains[VIEM_NAMES[info.name]!] as Chain;
        expect([info.name, info.evmChainId]).toEqual([info.name, viemChain.id]);
        expect(info.nativeCurrency.decimals).toBe(viemChain.nativeCurrency.decimals);
        expect(info.nativeCurrency.symbol).toBe(viemChain.nativeCurrency.symbol.toLowerCase());
        expect(info.explorerUrl).toBe(viemChain.blockExplorers?.default.url);
      }
    }
  });

  it('builds explorer links per network', () => {
    expect(explorerTransactionUrl(chain('base-sepolia', 'staging'), '0xabc')).toBe(
      'https://sepolia.basescan.org/tx/0xabc',
    );
    expect(explorerTransactionUrl(chain('solana', 'staging'), 'sig')).toBe(
      'https://explorer.solana.com/tx/sig?cluster=devnet',
    );
    expect(explorerTransactionUrl(chain('solana', 'production'), 'sig')).toBe('https://explorer.solana.com/tx/sig');
    expect(explorerAddressUrl(chain('aptos', 'staging'), '0x1')).toBe(
      'https://explorer.aptoslabs.com/account/0x1?network=testnet',
    );
    expect(explorerAddressUrl(chain('base', 'production'), '0xabc')).toBe('https://basescan.org/address/0xabc');
    expect(explorerTransactionUrl(chain('stellar', 'production'), 'h')).toBe(
      'https://stellar.expert/explorer/public/tx/h',
    );
  });
});

describe('known tokens', () => {
  const addressIsValid = (info: ChainInfo, address: string): boolean => {
    switch (info.chainType) {
      case 'evm':
        return isEvmAddress(address, { strict: true });
      case 'solana':
        return isSolanaAddress(address);
      case 'aptos':
        return AccountAddress.isValid({ input: address, strict: true }).valid;
      case 'sui': {
        const [objectAddress = ''] = address.split('::');
        return isValidSuiAddress(objectAddress) && address.split('::').length === 3;
      }
      case 'stellar':
        return StrKey.isValidContract(address);
    }
  };

  it('gives every chain its native currency and a 6-decimal stablecoin at an address valid for that chain', () => {
    for (const environment of ['staging', 'production'] as const) {
      for (const info of chainsOf(environment)) {
        const tokens = tokensOf(info);
        expect(tokens.filter((t) => t.native).map((t) => t.symbol)).toEqual([info.nativeCurrency.symbol]);
        const stablecoin = tokens.find((t) => !t.native);
        expect(stablecoin?.symbol).toBe(environment === 'staging' ? 'usdxm' : 'usdc');
        expect(stablecoin?.decimals).toBe(6);
        expect([info.name, addressIsValid(info, stablecoin?.address ?? '')]).toEqual([info.name, true]);
      }
    }
  });

  it('resolves usdc to the test stablecoin usdxm in staging only', () => {
    expect(findTokenByCurrency(chain('base-sepolia', 'staging'), 'usdc')?.symbol).toBe('usdxm');
    expect(findTokenByCurrency(chain('base-sepolia', 'staging'), 'usdxm')?.symbol).toBe('usdxm');
    expect(findTokenByCurrency(chain('base', 'production'), 'usdc')?.symbol).toBe('usdc');
    expect(findTokenByCurrency(chain('base', 'production'), 'usdxm')).toBeUndefined();
    expect(findTokenByCurrency(chain('solana', 'staging'), 'sol')?.native).toBe(true);
  });

  it('uses the Stellar Asset Contract of Circle USDC on the public network', () => {
    const usdc = new Asset('USDC', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN');
    expect(findTokenByCurrency(chain('stellar', 'production'), 'usdc')?.address).toBe(usdc.contractId(Networks.PUBLIC));
  });

  it('finds tokens by address in any spelling of it', () => {
    const base = chain('base', 'production');
    expect(findTokenByAddress(base, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')?.symbol).toBe('usdc');
    const sui = chain('sui', 'production');
    expect(
      findTokenByAddress(sui, '0xDBA34672E30CB065B1F93E3AB55318768FD6FEF66C15942C9F7CB846E2F900E7::usdc::USDC')?.symbol,
    ).toBe('usdc');
    expect(findTokenByAddress(base, '0x0000000000000000000000000000000000000001')).toBeUndefined();
  });

  it('names the stablecoin USD Coin in production and USDXM, the test stablecoin, in staging', () => {
    expect(findTokenByCurrency(chain('base', 'production'), 'usdc')?.name).toBe('USD Coin');
    expect(findTokenByCurrency(chain('base-sepolia', 'staging'), 'usdc')?.name).toBe('USDXM');
  });

  it('offers only the native currency on a chain it knows no stablecoin for', () => {
    const unlisted: ChainInfo = { ...chain('base', 'production'), name: 'zora', evmChainId: 7777777 };
    expect(tokensOf(unlisted)).toEqual([{ chain: 'zora', symbol: 'eth', name: 'Ether', decimals: 18, native: true }]);
    expect(findTokenByCurrency(unlisted, 'usdc')).toBeUndefined();
  });

  it("stores token addresses in the chain's spelling: EIP-55 on EVM, and coin types widened on Sui only", () => {
    expect(normalizeTokenAddress(chain('base', 'production'), '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')).toBe(
      '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    );
    expect(normalizeTokenAddress(chain('sui', 'production'), '0x2::sui::SUI')).toBe(`0x${'0'.repeat(63)}2::sui::SUI`);
    // Not an address of an EVM chain: kept as written, so it matches no token.
    expect(normalizeTokenAddress(chain('base', 'production'), '0x2::sui::SUI')).toBe('0x2::sui::SUI');
  });
});
