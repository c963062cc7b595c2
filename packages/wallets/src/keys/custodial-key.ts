import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { KeyCurve } from '../addresses/by-chain-type.js';
import { keyPairFromRandomBytes, publicKeyOf } from './key-pair.js';
import {
  decryptSecret,
  encryptSecret,
  SecretDecryptionError,
  type EncryptedSecret,
  type EncryptionKey,
  type RandomBytes,
} from './secret-box.js';

/**
 * A key the service holds for a wallet or a signer: the public key in clear (hex, uncompressed
 * for secp256k1), the private key only as an AES-256-GCM blob bound to that public key.
 */
export interface CustodialKey {
  readonly curve: KeyCurve;
  readonly publicKey: string;
  readonly encryptedSecretKey: EncryptedSecret;
}

const bindingOf = (curve: KeyCurve, publicKeyHex: string): Uint8Array => utf8ToBytes(`${curve}:${publicKeyHex}`);

/** Generates a key from caller-supplied random bytes and seals it; the clear secret does not outlive the call. */
export const generateCustodialKey = (
  curve: KeyCurve,
  randomBytes: Uint8Array,
  encryptionKey: EncryptionKey,
  nonce: Uint8Array | RandomBytes,
): CustodialKey => {
  const pair = keyPairFromRandomBytes(curve, randomBytes);
  const publicKey = bytesToHex(pair.publicKey);
  try {
    return {
      curve,
      publicKey,
      encryptedSecretKey: encryptSecret(pair.secretKey, encryptionKey, nonce, bindingOf(curve, publicKey)),
    };
  } finally {
    pair.secretKey.fill(0);
  }
};

/** The private key of a custodial key, for the signing adapter only; checked against its public key. */
export const openCustodialKey = (
  custodial: CustodialKey,
  keys: EncryptionKey | readonly EncryptionKey[],
): Uint8Array => {
  const secretKey = decryptSecret(custodial.encryptedSecretKey, keys, bindingOf(custodial.curve, custodial.publicKey));
  if (bytesToHex(publicKeyOf(custodial.curve, secretKey)) !== custodial.publicKey) {
    secretKey.fill(0);
    throw new SecretDecryptionError('secret does not match its public key');
  }
  return secretKey;
};

export const custodialPublicKeyBytes = (custodial: Pick<CustodialKey, 'publicKey'>): Uint8Array =>
  hexToBytes(custodial.publicKey);
