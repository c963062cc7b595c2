/** The five chain families a wallet can live on. */
export const CHAIN_TYPES = ['evm', 'solana', 'aptos', 'sui', 'stellar'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

export const WALLET_TYPES = ['smart', 'mpc'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

/** staging works on test networks, production on main networks. */
export const ENVIRONMENTS = ['staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const isChainType = (value: string): value is ChainType => (CHAIN_TYPES as readonly string[]).includes(value);
export const isWalletType = (value: string): value is WalletType => (WALLET_TYPES as readonly string[]).includes(value);

/**
 * The wallet kinds that exist: EVM and Solana come as smart or MPC wallets, Stellar only as
 * smart, Aptos and Sui only as MPC. The first entry is the default when a type is omitted.
 */
const WALLET_TYPES_BY_CHAIN: Readonly<Record<ChainType, readonly [WalletType, ...WalletType[]]>> = {
  evm: ['smart', 'mpc'],
  solana: ['smart', 'mpc'],
  stellar: ['smart'],
  aptos: ['mpc'],
  sui: ['mpc'],
};

export const walletTypesOf = (chainType: ChainType): readonly WalletType[] => WALLET_TYPES_BY_CHAIN[chainType];

/**
 * The spec's default is smart; a chain family without smart wallets (Aptos, Sui) defaults
 * to its only kind, so `aptos:alias:x` still names a wallet that can exist.
 */
export const defaultWalletType = (chainType: ChainType): WalletType => WALLET_TYPES_BY_CHAIN[chainType][0];

export const supportsWalletType = (chainType: ChainType, walletType: WalletType): boolean =>
  WALLET_TYPES_BY_CHAIN[chainType].includes(walletType);
