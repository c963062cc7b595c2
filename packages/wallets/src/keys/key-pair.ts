import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import type { KeyCurve } from '../addresses/by-chain-type.js';

export interface KeyPair {
  readonly curve: KeyCurve;
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

export const SEED_LENGTH = 32;

/**
 * A key pair from 32 random bytes supplied by the caller (a CSPRNG in production, fixed seeds
 * in tests). Ed25519 takes the bytes as its seed; secp256k1 as its scalar, which must lie in
 * [1, n), something 32 uniform bytes miss with probability about 2^-128.
 */
export const keyPairFromRandomBytes = (curve: KeyCurve, randomBytes: Uint8Array): KeyPair => {
  if (randomBytes.length !== SEED_LENGTH) throw new RangeError(`key generation needs ${SEED_LENGTH} random bytes`);
  const secretKey = Uint8Array.from(randomBytes);
  if (curve === 'ed25519') return { curve, secretKey, publicKey: ed25519.getPublicKey(secretKey) };
  if (!secp256k1.utils.isValidSecretKey(secretKey))
    throw new RangeError('random bytes are not a valid secp256k1 scalar; draw again');
  return { curve, secretKey, publicKey: secp256k1.getPublicKey(secretKey, false) };
};

/** The public key of a secret key, to check that a decrypted secret is the one expected. */
export const publicKeyOf = (curve: KeyCurve, secretKey: Uint8Array): Uint8Array =>
  curve === 'ed25519' ? ed25519.getPublicKey(secretKey) : secp256k1.getPublicKey(secretKey, false);

export const isValidPublicKey = (curve: KeyCurve, publicKey: Uint8Array): boolean =>
  curve === 'ed25519' ? ed25519.utils.isValidPublicKey(publicKey, false) : secp256k1.utils.isValidPublicKey(publicKey);
