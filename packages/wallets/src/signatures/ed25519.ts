import { ed25519 } from '@noble/curves/ed25519.js';
import type { ChainType } from '../chains/chain-type.js';
import { addressFromPublicKey, normalizeAddress } from '../addresses/by-chain-type.js';
import { isSolanaAddress, solanaAddressBytes } from '../addresses/solana.js';
import { stellarPublicKeyFromAddress } from '../addresses/stellar.js';
import { messageBytes, type SignedMessage } from './message.js';

export type Ed25519ChainType = Exclude<ChainType, 'evm'>;

export interface Ed25519Signature {
  readonly chainType: Ed25519ChainType;
  /** The signer's address on that chain. */
  readonly address: string;
  /**
   * The signer's public key. Solana and Stellar addresses are the key itself; Aptos and Sui
   * addresses are hashes of it, so there the key must be given and must hash to the address.
   */
  readonly publicKey?: Uint8Array;
  readonly message: SignedMessage;
  readonly signature: Uint8Array;
}

const publicKeyInAddress = (chainType: Ed25519ChainType, address: string): Uint8Array | null => {
  if (chainType === 'solana') return isSolanaAddress(address) ? solanaAddressBytes(address) : null;
  if (chainType === 'stellar') return stellarPublicKeyFromAddress(address);
  return null;
};

/** Strict RFC 8032 verification (no ZIP-215 leniency): one message, one valid encoding per signature. */
export const verifyEd25519 = (publicKey: Uint8Array, message: SignedMessage, signature: Uint8Array): boolean => {
  try {
    return ed25519.verify(signature, messageBytes(message), publicKey, { zip215: false });
  } catch {
    return false;
  }
};

/** True when `signature` is the signature of `message` by the key behind `address`. */
export const verifyEd25519Signature = ({
  chainType,
  address,
  publicKey,
  message,
  signature,
}: Ed25519Signature): boolean => {
  const key = publicKey ?? publicKeyInAddress(chainType, address);
  if (!key || key.length !== 32) return false;
  if (addressFromPublicKey(chainType, key) !== normalizeAddress(chainType, address)) return false;
  return verifyEd25519(key, message, signature);
};
