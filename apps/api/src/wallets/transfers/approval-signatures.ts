import { type QuorumSigner, approvalMessageBytes } from '@paykit/transfers';
import {
  type Signer,
  type Wallet,
  verifyEd25519Signature,
  verifyEvmPersonalSignature,
  verifyPasskeySignature,
} from '@paykit/wallets';
import { decodeBase58 } from './base58.js';

const HEX_64_BYTES = /^(0x)?[0-9a-fA-F]{128}$/;

/** An Ed25519 signature as wallets hand it out: hex, base58 (Solana) or base64 (Stellar). */
const ed25519SignatureBytes = (text: string): Uint8Array | null => {
  if (HEX_64_BYTES.test(text)) return Buffer.from(text.replace(/^0x/, ''), 'hex');
  const base58 = decodeBase58(text);
  if (base58?.length === 64) return base58;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    const bytes = Buffer.from(text, 'base64');
    if (bytes.length === 64) return bytes;
  }
  return null;
};

/**
 * The bytes an approval signs: a Solana transaction's message (base58, ADR 0442), or a digest
 * (hex, or base64 on Stellar).
 */
const signedBytes = (wallet: Wallet, message: string): Uint8Array | null =>
  wallet.chainType === 'solana' && !HEX_DIGEST.test(message) ? decodeBase58(message) : approvalMessageBytes(message);

const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;

const signerOf = (wallet: Wallet, locator: string): Signer | undefined =>
  [wallet.adminSigner, ...wallet.delegatedSigners.map((delegated) => delegated.signer)].find(
    (signer) => signer?.locator === locator,
  );

/**
 * Whether `signature` is the quorum member's signature of the transfer's approval message,
 * checked with the wallets package's verifiers: EIP-191 over the 32 raw bytes (EVM keys),
 * P-256 over the 32-byte hash (passkeys and device keys), Ed25519 over the bytes (Solana: the
 * transaction's message; Stellar).
 * Signers whose keys the service holds never approve through this endpoint.
 */
export const verifyApproval = (wallet: Wallet, member: QuorumSigner, message: string, signature: string): boolean => {
  const signer = signerOf(wallet, member.locator);
  if (!signer) return false;
  switch (signer.type) {
    case 'external-wallet':
    case 'server': {
      if (wallet.chainType === 'evm') {
        return verifyEvmPersonalSignature({
          address: signer.address,
          message: { raw: approvalMessageBytes(message) },
          signature,
        });
      }
      const bytes = ed25519SignatureBytes(signature);
      const signed = signedBytes(wallet, message);
      return (
        bytes !== null &&
        signed !== null &&
        verifyEd25519Signature({
          chainType: wallet.chainType,
          address: signer.address,
          message: signed,
          signature: bytes,
        })
      );
    }
    case 'passkey':
    case 'device':
      return verifyPasskeySignature({ publicKey: signer.publicKey, messageHash: message, signature });
    case 'api-key':
    case 'email':
    case 'phone':
      return false;
  }
};
