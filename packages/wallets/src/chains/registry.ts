import type { ChainType, Environment } from './chain-type.js';

export interface NativeCurrency {
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
}

/** One chain the service works on, in one environment. */
export interface ChainInfo {
  /** The name used in token locators, balances and transfers (e.g. `base-sepolia`). */
  readonly name: string;
  readonly chainType: ChainType;
  readonly environment: Environment;
  readonly network: 'testnet' | 'mainnet';
  /** EIP-155 chain id; EVM chains only. */
  readonly evmChainId?: number;
  readonly nativeCurrency: NativeCurrency;
  readonly explorerUrl: string;
  /** Appended to explorer links (e.g. `?cluster=devnet`), for explorers serving several networks. */
  readonly explorerQuery?: string;
  /** Path segment of a transaction page on the explorer. */
  readonly explorerTxPath: string;
  readonly explorerAddressPath: string;
}

const ETH: NativeCurrency = { symbol: 'eth', name: 'Ether', decimals: 18 };
const POL: NativeCurrency = { symbol: 'pol', name: 'POL', decimals: 18 };
const SOL: NativeCurrency = { symbol: 'sol', name: 'Solana', decimals: 9 };
const APT: NativeCurrency = { symbol: 'apt', name: 'Aptos Coin', decimals: 8 };
const SUI: NativeCurrency = { symbol: 'sui', name: 'Sui', decimals: 9 };
const XLM: NativeCurrency = { symbol: 'xlm', name: 'Stellar Lumens', decimals: 7 };

const evm = (
  name: string,
  environment: Environment,
  evmChainId: number,
  nativeCurrency: NativeCurrency,
  explorerUrl: string,
): ChainInfo => ({
  name,
  chainType: 'evm',
  environment,
  network: environment === 'staging' ? 'testnet' : 'mainnet',
  evmChainId,
  nativeCurrency,
  explorerUrl,
  explorerTxPath: 'tx',
  explorerAddressPath: 'address',
});

const CHAINS: readonly ChainInfo[] = [
  evm('base-sepolia', 'staging', 84532, ETH, 'https://sepolia.basescan.org'),
  evm('polygon-amoy', 'staging', 80002, POL, 'https://amoy.polygonscan.com'),
  evm('ethereum-sepolia', 'staging', 11155111, ETH, 'https://sepolia.etherscan.io'),
  evm('arbitrum-sepolia', 'staging', 421614, ETH, 'https://sepolia.arbiscan.io'),
  evm('optimism-sepolia', 'staging', 11155420, ETH, 'https://optimism-sepolia.blockscout.com'),
  evm('base', 'production', 8453, ETH, 'https://basescan.org'),
  evm('polygon', 'production', 137, POL, 'https://polygonscan.com'),
  evm('ethereum', 'production', 1, ETH, 'https://etherscan.io'),
  evm('arbitrum', 'production', 42161, ETH, 'https://arbiscan.io'),
  evm('optimism', 'production', 10, ETH, 'https://optimistic.etherscan.io'),
  {
    name: 'solana',
    chainType: 'solana',
    environment: 'staging',
    network: 'testnet',
    nativeCurrency: SOL,
    explorerUrl: 'https://explorer.solana.com',
    explorerQuery: '?cluster=devnet',
    explorerTxPath: 'tx',
    explorerAddressPath: 'address',
  },
  {
    name: 'solana',
    chainType: 'solana',
    environment: 'production',
    network: 'mainnet',
    nativeCurrency: SOL,
    explorerUrl: 'https://explorer.solana.com',
    explorerTxPath: 'tx',
    explorerAddressPath: 'address',
  },
  {
    name: 'aptos',
    chainType: 'aptos',
    environment: 'staging',
    network: 'testnet',
    nativeCurrency: APT,
    explorerUrl: 'https://explorer.aptoslabs.com',
    explorerQuery: '?network=testnet',
    explorerTxPath: 'txn',
    explorerAddressPath: 'account',
  },
  {
    name: 'aptos',
    chainType: 'aptos',
    environment: 'production',
    network: 'mainnet',
    nativeCurrency: APT,
    explorerUrl: 'https://explorer.aptoslabs.com',
    explorerQuery: '?network=mainnet',
    explorerTxPath: 'txn',
    explorerAddressPath: 'account',
  },
  {
    name: 'sui',
    chainType: 'sui',
    environment: 'staging',
    network: 'testnet',
    nativeCurrency: SUI,
    explorerUrl: 'https://suiscan.xyz/testnet',
    explorerTxPath: 'tx',
    explorerAddressPath: 'account',
  },
  {
    name: 'sui',
    chainType: 'sui',
    environment: 'production',
    network: 'mainnet',
    nativeCurrency: SUI,
    explorerUrl: 'https://suiscan.xyz/mainnet',
    explorerTxPath: 'tx',
    explorerAddressPath: 'account',
  },
  {
    name: 'stellar',
    chainType: 'stellar',
    environment: 'staging',
    network: 'testnet',
    nativeCurrency: XLM,
    explorerUrl: 'https://stellar.expert/explorer/testnet',
    explorerTxPath: 'tx',
    explorerAddressPath: 'account',
  },
  {
    name: 'stellar',
    chainType: 'stellar',
    environment: 'production',
    network: 'mainnet',
    nativeCurrency: XLM,
    explorerUrl: 'https://stellar.expert/explorer/public',
    explorerTxPath: 'tx',
    explorerAddressPath: 'account',
  },
];

/** Every chain of an environment, optionally of one chain type, in a stable order. */
export const chainsOf = (environment: Environment, chainType?: ChainType): readonly ChainInfo[] =>
  CHAINS.filter((chain) => chain.environment === environment && (!chainType || chain.chainType === chainType));

export const findChain = (name: string, environment: Environment): ChainInfo | undefined =>
  CHAINS.find((chain) => chain.name === name && chain.environment === environment);

/** The environment a chain name belongs to when it is not the one asked for (for error messages). */
export const otherEnvironmentOf = (name: string, environment: Environment): Environment | undefined =>
  CHAINS.find((chain) => chain.name === name && chain.environment !== environment)?.environment;

export const explorerTransactionUrl = (chain: ChainInfo, txId: string): string =>
  `${chain.explorerUrl}/${chain.explorerTxPath}/${txId}${chain.explorerQuery ?? ''}`;

export const explorerAddressUrl = (chain: ChainInfo, address: string): string =>
  `${chain.explorerUrl}/${chain.explorerAddressPath}/${address}${chain.explorerQuery ?? ''}`;
