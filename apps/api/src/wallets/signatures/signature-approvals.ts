import {
  type SignatureRequest,
  type Wallet,
  signersOf,
  verifyEvmPersonalSignature,
  verifyPasskeySignature,
} from '@paykit/wallets';
import { hexToBytes, type Hex } from 'viem';

/**
 * Whether `signature` is the request's signer's signature of its approval message: EIP-191 over
 * the 32 raw bytes for EVM keys (what the public SDK's server and external-wallet signers send),
 * P-256 over the 32-byte hash for passkeys and device keys.
 */
export const verifySignatureApproval = (wallet: Wallet, request: SignatureRequest, signature: string): boolean => {
  const signer = signersOf(wallet).find((candidate) => candidate.locator === request.signer.locator);
  if (!signer) return false;
  switch (signer.type) {
    case 'external-wallet':
    case 'server':
      return verifyEvmPersonalSignature({
        address: signer.address,
        message: { raw: hexToBytes(request.approvalMessage as Hex) },
        signature,
      });
    case 'passkey':
    case 'device':
      return verifyPasskeySignature({ publicKey: signer.publicKey, messageHash: request.approvalMessage, signature });
    case 'api-key':
    case 'email':
    case 'phone':
      return false;
  }
};
