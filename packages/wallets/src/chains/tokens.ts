import type { ChainInfo } from './registry.js';
import { chainsOf } from './registry.js';
import { normalizeAddress } from '../addresses/by-chain-type.js';
import { isSuiCoinType, normalizeSuiCoinType } from '../addresses/sui.js';

/** A fungible token the service knows on one chain. */
export interface TokenInfo {
  readonly chain: string;
  /** Lowercase currency symbol used in token locators (`base-sepolia:usdc`) and balances. */
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** The chain's own currency (gas token), which has no contract. */
  readonly native: boolean;
  /**
   * Where the token lives: ERC-20 contract (EVM), mint (Solana), fungible-asset metadata
   * object (Aptos), coin type (Sui), Stellar Asset Contract id (Stellar). Absent for natives.
   */
  readonly address?: string;
}

/**
 * Production: Circle's native USDC on each main network. Staging: `usdxm`, the sandbox test
 * stablecoin, at made-up but well-formed addresses, hash("paykit:sandbox-token:usdxm:<chain>")
 * encoded the way each chain writes addresses (they exist only on the sandbox ledger).
 */
const STABLECOIN_ADDRESSES: Readonly<Record<'staging' | 'production', Readonly<Record<string, string>>>> = {
  production: {
    ethereum: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    base: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    polygon: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    arbitrum: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    optimism: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    aptos: '0xbae207659db88bea0cbead6da0ed00aac12edcdda169e591cd41c94180b46f3b',
    sui: '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC',
    stellar: 'CCW67TSZV3SSS2HXMBQ5JFGCKJNXKZM7UQUWUZPUTHXSTZLEO7SJMI75',
  },
  staging: {
    'base-sepolia': '0xDc701122B8afFF800A94b86c03D2222D10efbA90',
    'polygon-amoy': '0xe72Dcc72b7C294b21Bb5724d9Cf284C4479606AC',
    'ethereum-sepolia': '0xFf08f4BaEE9E6444Bd9c77CEcfDad8Cf26eCBc3a',
    'arbitrum-sepolia': '0x2F06Ead8a5c31F26460dcd0191002aFC09739901',
    'optimism-sepolia': '0xB485b2D280fA14855aA107A14E932b84AD61F36b',
    solana: '6q2dykvfwg44cbduhrVae78Rgt5io2vUhqEVinF9Bv59',
    aptos: '0xd886d6002fd77d80470d3faab4418bd82c955f1c35583fbf0067785763bb6a81',
    sui: '0x9863b837442c6654733ce46dc0046d4134135ce3e8d79f95e0c53335ffd9f805::usdxm::USDXM',
    stellar: 'CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF',
  },
};

export const STAGING_STABLECOIN = 'usdxm';

/** In staging, asking for usdc means the test stablecoin (see COMPAT.md). */
const STAGING_CURRENCY_ALIASES: Readonly<Record<string, string>> = { usdc: STAGING_STABLECOIN };

const stablecoinOf = (chain: ChainInfo): TokenInfo | undefined => {
  const address = STABLECOIN_ADDRESSES[chain.environment][chain.name];
  if (!address) return undefined;
  return chain.environment === 'staging'
    ? { chain: chain.name, symbol: STAGING_STABLECOIN, name: 'USDXM', decimals: 6, native: false, address }
    : { chain: chain.name, symbol: 'usdc', name: 'USD Coin', decimals: 6, native: false, address };
};

const nativeOf = (chain: ChainInfo): TokenInfo => ({
  chain: chain.name,
  symbol: chain.nativeCurrency.symbol,
  name: chain.nativeCurrency.name,
  decimals: chain.nativeCurrency.decimals,
  native: true,
});

export const tokensOf = (chain: ChainInfo): readonly TokenInfo[] => {
  const stablecoin = stablecoinOf(chain);
  return stablecoin ? [nativeOf(chain), stablecoin] : [nativeOf(chain)];
};

export const findTokenByCurrency = (chain: ChainInfo, currency: string): TokenInfo | undefined => {
  const symbol = chain.environment === 'staging' ? (STAGING_CURRENCY_ALIASES[currency] ?? currency) : currency;
  return tokensOf(chain).find((token) => token.symbol === symbol);
};

/** The one spelling of a token address on its chain, for comparing and storing. */
export const normalizeTokenAddress = (chain: ChainInfo, address: string): string =>
  chain.chainType === 'sui' && isSuiCoinType(address)
    ? normalizeSuiCoinType(address)
    : normalizeAddress(chain.chainType, address);

export const findTokenByAddress = (chain: ChainInfo, address: string): TokenInfo | undefined => {
  const wanted = normalizeTokenAddress(chain, address);
  return tokensOf(chain).find(
    (token) => token.address !== undefined && normalizeTokenAddress(chain, token.address) === wanted,
  );
};

/** Every known token of an environment, for listings. */
export const tokensOfEnvironment = (environment: 'staging' | 'production'): readonly TokenInfo[] =>
  chainsOf(environment).flatMap(tokensOf);
