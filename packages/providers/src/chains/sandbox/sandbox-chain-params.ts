import { createHash } from 'node:crypto';
import { getAddress } from 'viem';
import { addressFromPublicKey, type ChainInfo, type ChainType } from '@paykit/wallets';

/**
 * What a sandbox transaction costs, in the gas token's base units: EVM at 1 gwei per gas (21,000
 * gas for a value transfer, 65,000 for an ERC-20 call), Solana's 5,000-lamport signature fee,
 * and flat typical fees on Aptos, Sui and Stellar (100 stroops is Stellar's base fee).
 */
const FEES: Readonly<Record<ChainType, { readonly native: bigint; readonly token: bigint }>> = {
  evm: { native: 21_000n * 1_000_000_000n, token: 65_000n * 1_000_000_000n },
  solana: { native: 5_000n, token: 5_000n },
  aptos: { native: 10_000n, token: 20_000n },
  sui: { native: 2_000_000n, token: 2_500_000n },
  stellar: { native: 100n, token: 100n },
};

export const sandboxFeeOf = (chain: ChainInfo, native: boolean): bigint =>
  FEES[chain.chainType][native ? 'native' : 'token'];

/** The EVM gas limit and price written into sandbox-built deposit transactions (their fee is the one above). */
export const SANDBOX_EVM_GAS = { native: 21_000n, token: 65_000n, maxFeePerGas: 1_000_000_000n } as const;

const labelBytes = (label: string): Buffer => createHash('sha256').update(label).digest();

/** An address of the chain family derived from a label, for the sandbox's special accounts. */
const labelledAddress = (chainType: ChainType, label: string): string =>
  chainType === 'evm'
    ? getAddress(`0x${labelBytes(label).subarray(12).toString('hex')}`)
    : addressFromPublicKey(chainType, labelBytes(label));

/**
 * Transfers to this address fail deterministically: on EVM as a revert with revert data
 * (`Error(string)`), elsewhere as a program error with logs. sha256 of
 * `paykit:sandbox:reverting-recipient`, written as the chain family's address (README lists them).
 */
export const sandboxRevertingRecipientOf = (chainType: ChainType): string =>
  labelledAddress(chainType, 'paykit:sandbox:reverting-recipient');

/** The sender of faucet mints. */
export const sandboxFaucetAddressOf = (chainType: ChainType): string =>
  labelledAddress(chainType, 'paykit:sandbox:faucet');
