import { verifyEd25519Signature, verifyEvmPersonalSignature } from '@paykit/wallets';
import { decodeBase58 } from './base58.js';
import type { LinkableChainType } from './challenge.js';

const solanaSignatureBytes = (proof: string): Uint8Array | null => {
  const hex = proof.startsWith('0x') ? proof.slice(2) : null;
  const bytes =
    hex !== null
      ? /^[0-9a-fA-F]{128}$/.test(hex)
        ? Uint8Array.from(Buffer.from(hex, 'hex'))
        : null
      : decodeBase58(proof);
  return bytes?.length === 64 ? bytes : null;
};

/**
 * Whether `proof` is the address's signature of `message`: EIP-191 personal_sign (65-byte
 * hex) for EVM accounts, Ed25519 over the UTF-8 message (base58 or 0x-hex) for Solana.
 */
export const verifyOwnershipProof = (
  chainType: LinkableChainType,
  address: string,
  message: string,
  proof: string,
): boolean => {
  switch (chainType) {
    case 'evm':
      return verifyEvmPersonalSignature({ address, message, signature: proof });
    case 'solana': {
      const signature = solanaSignatureBytes(proof);
      return signature !== null && verifyEd25519Signature({ chainType, address, message, signature });
    }
  }
};
