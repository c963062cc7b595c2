import { sha3_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';

/** Authentication-key scheme byte of a single Ed25519 key (Aptos' original account scheme). */
const ED25519_SCHEME = 0x00;

/**
 * An Aptos account created from one Ed25519 key has address = authentication key =
 * sha3-256(publicKey ++ 0x00), written as 0x + 64 lowercase hex digits (AIP-40 long form).
 */
export const aptosAddressFromPublicKey = (publicKey: Uint8Array): string =>
  `0x${bytesToHex(sha3_256(concatBytes(publicKey, Uint8Array.of(ED25519_SCHEME))))}`;

const LONG_ADDRESS = /^0x[0-9a-fA-F]{64}$/;

/** Account addresses in their long form; the short forms are reserved for special addresses (0x1...). */
export const isAptosAddress = (value: string): boolean => LONG_ADDRESS.test(value);

export const normalizeAptosAddress = (value: string): string => value.toLowerCase();
