import { getAddressDecoder, getAddressEncoder, isAddress, type Address } from '@solana/kit';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Solana smart wallets are program-derived addresses (PDAs) of a smart-account program, the way
 * Solana smart accounts (Squads and the like) are addressed: known before the account exists,
 * and owned by no private key.
 *
 *   seeds   = ["smart_account", adminSigner (32 bytes), accountIndex (uint256, big-endian)]
 *   address = first sha256(seeds ++ [bump] ++ program ++ "ProgramDerivedAddress") that is
 *             off the ed25519 curve, trying bump = 255 down to 1
 *
 * This is @solana/kit's getProgramDerivedAddress, computed synchronously so that deciders can
 * call it. The account index is the wallet's identity (smart-account-index.ts). The program id is base58(sha256("paykit:solana:smart-account-program:v1")) until a
 * real deployment replaces it; changing it changes every smart wallet address.
 */
export const SOLANA_SMART_ACCOUNT_PROGRAM = 'DQ7T4ft9KRRg8rx1sexwnU6aK5WPCM6g7rDuPfm4uWqu' as Address;
const SMART_ACCOUNT_SEED = utf8ToBytes('smart_account');
const PDA_MARKER = utf8ToBytes('ProgramDerivedAddress');

const addressEncoder = getAddressEncoder();
const addressDecoder = getAddressDecoder();

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * A base58 string that decodes to exactly 32 bytes. Strings outside the alphabet are refused
 * before @solana/kit's check, which builds and throws an error for them (an EVM address: ~50 us).
 */
export const isSolanaAddress = (value: string): value is Address => BASE58.test(value) && isAddress(value);

export const solanaAddressFromPublicKey = (publicKey: Uint8Array): Address => addressDecoder.decode(publicKey);

export const solanaAddressBytes = (address: Address): Uint8Array => new Uint8Array(addressEncoder.encode(address));

/** Same rule as @solana/kit: the bytes decompress to an ed25519 point (non-canonical y allowed). */
export const isOnEd25519Curve = (bytes: Uint8Array): boolean => {
  try {
    const point = ed25519.Point.fromBytes(bytes, true);
    return !(point.x === 0n && ((bytes[31] ?? 0) & 0x80) !== 0);
  } catch {
    return false;
  }
};

const uint256BigEndian = (value: bigint): Uint8Array => {
  const bytes = new Uint8Array(32);
  let rest = value;
  for (let index = 31; index >= 0; index--) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
};

export const findProgramDerivedAddress = (
  program: Address,
  seeds: readonly Uint8Array[],
): { readonly address: Address; readonly bump: number } => {
  const programBytes = solanaAddressBytes(program);
  for (let bump = 255; bump > 0; bump--) {
    const candidate = sha256(concatBytes(...seeds, Uint8Array.of(bump), programBytes, PDA_MARKER));
    if (!isOnEd25519Curve(candidate)) return { address: addressDecoder.decode(candidate), bump };
  }
  throw new Error('no viable program-derived address bump seed');
};

export const solanaSmartAccountAddress = (adminSigner: Address, accountIndex: bigint): Address =>
  findProgramDerivedAddress(SOLANA_SMART_ACCOUNT_PROGRAM, [
    SMART_ACCOUNT_SEED,
    solanaAddressBytes(adminSigner),
    uint256BigEndian(accountIndex),
  ]).address;
