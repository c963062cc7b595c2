import type { Environment } from '../environment.js';

/** A priced asset: how finely it divides and what one whole unit costs in US dollars. */
export interface Asset {
  readonly decimals: number;
  readonly usdPrice: string;
}

/**
 * The sandbox market, by lowercase symbol. Decimals follow the chains (18 for ether and
 * POL, 9 for SOL and SUI, 8 for APT, 7 for XLM, 6 for USDC and the staging test stablecoin).
 */
export const ASSETS: Readonly<Record<string, Asset>> = {
  eth: { decimals: 18, usdPrice: '3000' },
  pol: { decimals: 18, usdPrice: '0.5' },
  sol: { decimals: 9, usdPrice: '150' },
  apt: { decimals: 8, usdPrice: '8' },
  sui: { decimals: 9, usdPrice: '3' },
  xlm: { decimals: 7, usdPrice: '0.12' },
  usdc: { decimals: 6, usdPrice: '1' },
  usdxm: { decimals: 6, usdPrice: '1' },
};

/** What each chain's network fee costs the buyer, in US dollars (a mainnet L1 costs more). */
const L1_NETWORK_FEE_USD = '1.50';
const L2_NETWORK_FEE_USD = '0.05';

export interface PricedChain {
  readonly native: string;
  readonly stablecoin: string;
  readonly networkFeeUsd: string;
}

const chain = (native: string, stablecoin: string, networkFeeUsd = L2_NETWORK_FEE_USD): PricedChain => ({
  native,
  stablecoin,
  networkFeeUsd,
});

/** Test networks in staging (with the test stablecoin `usdxm`), main networks in production. */
export const CHAINS: Readonly<Record<Environment, Readonly<Record<string, PricedChain>>>> = {
  staging: {
    'base-sepolia': chain('eth', 'usdxm'),
    'polygon-amoy': chain('pol', 'usdxm'),
    'ethereum-sepolia': chain('eth', 'usdxm', L1_NETWORK_FEE_USD),
    'arbitrum-sepolia': chain('eth', 'usdxm'),
    'optimism-sepolia': chain('eth', 'usdxm'),
    solana: chain('sol', 'usdxm'),
    aptos: chain('apt', 'usdxm'),
    sui: chain('sui', 'usdxm'),
    stellar: chain('xlm', 'usdxm'),
  },
  production: {
    base: chain('eth', 'usdc'),
    polygon: chain('pol', 'usdc'),
    ethereum: chain('eth', 'usdc', L1_NETWORK_FEE_USD),
    arbitrum: chain('eth', 'usdc'),
    optimism: chain('eth', 'usdc'),
    solana: chain('sol', 'usdc'),
    aptos: chain('apt', 'usdc'),
    sui: chain('sui', 'usdc'),
    stellar: chain('xlm', 'usdc'),
  },
};

/** In staging, `usdc` names the test stablecoin (COMPAT.md). */
export const STAGING_CURRENCY_ALIASES: Readonly<Record<string, string>> = { usdc: 'usdxm' };
