import { hashMessage, hexToBytes, isHex, type Hex, type SignableMessage } from 'viem';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { evmAddressFromPublicKey, isEvmAddress } from '../addresses/evm.js';

export interface EvmPersonalSignature {
  readonly address: string;
  /** The message as the wallet showed it (a string), or `{ raw }` bytes. */
  readonly message: SignableMessage;
  /** 65 bytes r ++ s ++ v as hex, v in {0, 1, 27, 28}. */
  readonly signature: string;
}

/**
 * Checks an EIP-191 personal_sign signature by recovering its signer, the same verification as
 * viem's verifyMessage for externally owned accounts, but synchronous so deciders can use it.
 * High-s signatures are refused: every wallet emits low-s, and a second, malleated spelling of
 * one approval must not count as another signature.
 */
export const verifyEvmPersonalSignature = ({ address, message, signature }: EvmPersonalSignature): boolean => {
  if (!isEvmAddress(address) || !isHex(signature) || signature.length !== 132) return false;
  const bytes = hexToBytes(signature as Hex);
  const v = bytes[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return false;
  try {
    const parsed = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), 'compact');
    if (parsed.hasHighS()) return false;
    const point = parsed.addRecoveryBit(recovery).recoverPublicKey(hexToBytes(hashMessage(message)));
    return evmAddressFromPublicKey(point.toBytes(false)).toLowerCase() === address.toLowerCase();
  } catch {
    return false;
  }
};
