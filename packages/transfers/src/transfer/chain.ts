/**
 * The chain families and wallet kinds a transfer can come from. Written here as plain string
 * unions (the same values as @paykit/wallets) so the transfers core needs no wallet import.
 */
export const CHAIN_TYPES = ['evm', 'solana', 'aptos', 'sui', 'stellar'] as const;
export type ChainType = (typeof CHAIN_TYPES)[number];

export const WALLET_TYPES = ['smart', 'mpc'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const isChainType = (value: string): value is ChainType => (CHAIN_TYPES as readonly string[]).includes(value);
export const isWalletType = (value: string): value is WalletType => (WALLET_TYPES as readonly string[]).includes(value);

const U64_MAX = 2n ** 64n - 1n;

/**
 * The largest amount, in base units, one transfer instruction can carry on each family:
 * ERC-20 and native values are uint256, SPL / Move coins u64, Stellar token amounts i128.
 */
export const MAX_BASE_UNITS: Readonly<Record<ChainType, bigint>> = {
  evm: 2n ** 256n - 1n,
  solana: U64_MAX,
  aptos: U64_MAX,
  sui: U64_MAX,
  stellar: 2n ** 127n - 1n,
};
