import type { ChainType } from '../chains/chain-type.js';
import { CHAIN_TYPES } from '../chains/chain-type.js';
import { aptosAddressFromPublicKey, isAptosAddress, normalizeAptosAddress } from './aptos.js';
import { evmAddressFromPublicKey, isEvmAddress, normalizeEvmAddress } from './evm.js';
import { isSolanaAddress, solanaAddressFromPublicKey } from './solana.js';
import { isStellarAccountAddress, isStellarContractAddress, stellarAddressFromPublicKey } from './stellar.js';
import { isSuiAddress, normalizeSuiAddress, suiAddressFromPublicKey } from './sui.js';

/** The curve of the keys that sign for a chain family (and that custodial keys are generated on). */
export type KeyCurve = 'secp256k1' | 'ed25519';

export const keyCurveOf = (chainType: ChainType): KeyCurve => (chainType === 'evm' ? 'secp256k1' : 'ed25519');

/** True when the string is an address of that chain family (Stellar: an account or a contract). */
export const isAddressOf = (chainType: ChainType, value: string): boolean => {
  switch (chainType) {
    case 'evm':
      return isEvmAddress(value);
    case 'solana':
      return isSolanaAddress(value);
    case 'aptos':
      return isAptosAddress(value);
    case 'sui':
      return isSuiAddress(value);
    case 'stellar':
      return isStellarAccountAddress(value) || isStellarContractAddress(value);
  }
};

/** An address that can hold a signing key: Stellar contracts (C...) cannot sign. */
export const isKeyAddressOf = (chainType: ChainType, value: string): boolean =>
  chainType === 'stellar' ? isStellarAccountAddress(value) : isAddressOf(chainType, value);

/** The one spelling an address is stored and compared in: EIP-55 for EVM, lowercase hex for Aptos and Sui. */
export const normalizeAddress = (chainType: ChainType, address: string): string => {
  switch (chainType) {
    case 'evm':
      return isEvmAddress(address) ? normalizeEvmAddress(address) : address;
    case 'aptos':
      return normalizeAptosAddress(address);
    case 'sui':
      return normalizeSuiAddress(address);
    case 'solana':
    case 'stellar':
      return address;
  }
};

/** The chain families an address could belong to (Aptos and Sui addresses look alike). */
export const chainTypesOfAddress = (value: string): ChainType[] =>
  CHAIN_TYPES.filter((chainType) => isAddressOf(chainType, value));

/** The address of a key held for a wallet or signer: secp256k1 on EVM, Ed25519 elsewhere. */
export const addressFromPublicKey = (chainType: ChainType, publicKey: Uint8Array): string => {
  switch (chainType) {
    case 'evm':
      return evmAddressFromPublicKey(publicKey);
    case 'solana':
      return solanaAddressFromPublicKey(publicKey);
    case 'aptos':
      return aptosAddressFromPublicKey(publicKey);
    case 'sui':
      return suiAddressFromPublicKey(publicKey);
    case 'stellar':
      return stellarAddressFromPublicKey(publicKey);
  }
};
