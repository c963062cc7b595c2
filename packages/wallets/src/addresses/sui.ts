import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

/** Signature-scheme flag of Ed25519 keys in Sui. */
const ED25519_FLAG = 0x00;

/** Sui address = blake2b-256(flag ++ publicKey), written as 0x + 64 lowercase hex digits. */
export const suiAddressFromPublicKey = (publicKey: Uint8Array): string =>
  `0x${bytesToHex(blake2b(concatBytes(Uint8Array.of(ED25519_FLAG), publicKey), { dkLen: 32 }))}`;

const ADDRESS = /^0x[0-9a-fA-F]{64}$/;

export const isSuiAddress = (value: string): boolean => ADDRESS.test(value);

export const normalizeSuiAddress = (value: string): string => value.toLowerCase();

/** A Move coin type such as `0x2::sui::SUI`, the identity of a fungible token on Sui. */
const COIN_TYPE = /^0x[0-9a-fA-F]{1,64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/;

export const isSuiCoinType = (value: string): boolean => COIN_TYPE.test(value);

/** `0x2::sui::SUI` and `0x00..02::sui::SUI` are one coin: the address part is widened to 64 lowercase digits. */
export const normalizeSuiCoinType = (value: string): string => {
  const [address = '', ...path] = value.split('::');
  return [`0x${address.slice(2).toLowerCase().padStart(64, '0')}`, ...path].join('::');
};
