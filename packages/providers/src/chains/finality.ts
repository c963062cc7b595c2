import type { ChainInfo, ChainType } from '@paykit/wallets';
import type { FinalityRule } from './chain-gateway.js';

/** Block (slot, ledger, checkpoint) interval of a chain, as its network produces them. */
const BLOCK_TIME_MS_BY_CHAIN: Readonly<Record<string, number>> = {
  ethereum: 12_000,
  'ethereum-sepolia': 12_000,
  base: 2_000,
  'base-sepolia': 2_000,
  optimism: 2_000,
  'optimism-sepolia': 2_000,
  arbitrum: 250,
  'arbitrum-sepolia': 250,
  polygon: 2_000,
  'polygon-amoy': 2_000,
};

const BLOCK_TIME_MS_BY_TYPE: Readonly<Record<ChainType, number>> = {
  evm: 2_000,
  solana: 400,
  aptos: 250,
  sui: 250,
  stellar: 5_000,
};

/**
 * Confirmations a node's answer needs before we call a transaction final. EVM chains can
 * reorganise recent blocks (Polygon PoS deeper than most); Solana counts the 32 slots of
 * `finalized` commitment; Aptos, Sui and Stellar finalise the block that includes it (BFT).
 */
const CONFIRMATIONS_BY_CHAIN: Readonly<Record<string, number>> = {
  ethereum: 12,
  'ethereum-sepolia': 12,
  polygon: 64,
  'polygon-amoy': 64,
};

const CONFIRMATIONS_BY_TYPE: Readonly<Record<ChainType, number>> = {
  evm: 10,
  solana: 32,
  aptos: 1,
  sui: 1,
  stellar: 1,
};

/**
 * The sandbox keeps the block times but waits fewer EVM blocks, so a staging transfer is final
 * in seconds, not minutes; there is nothing to reorganise on a ledger that cannot fork.
 */
const SANDBOX_CONFIRMATIONS_BY_TYPE: Readonly<Record<ChainType, number>> = {
  evm: 3,
  solana: 32,
  aptos: 1,
  sui: 1,
  stellar: 1,
};

export const blockTimeMsOf = (chain: ChainInfo): number =>
  BLOCK_TIME_MS_BY_CHAIN[chain.name] ?? BLOCK_TIME_MS_BY_TYPE[chain.chainType];

/** The finality rule of a real network, for node-backed adapters. */
export const networkFinalityOf = (chain: ChainInfo): FinalityRule => ({
  chain: chain.name,
  blockTimeMs: blockTimeMsOf(chain),
  confirmations: CONFIRMATIONS_BY_CHAIN[chain.name] ?? CONFIRMATIONS_BY_TYPE[chain.chainType],
});

export const sandboxFinalityOf = (chain: ChainInfo): FinalityRule => ({
  chain: chain.name,
  blockTimeMs: blockTimeMsOf(chain),
  confirmations: SANDBOX_CONFIRMATIONS_BY_TYPE[chain.chainType],
});
