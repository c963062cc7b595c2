import type { SubmitApprovalsBody } from '@paykit/contracts';
import type { DomainError } from '@paykit/kernel';
import { approvalMessageBytes } from '@paykit/transfers';
import {
  type Signer,
  type Wallet,
  type WebAuthnPolicy,
  compactP256Signature,
  signersOf,
  verifyEd25519Signature,
  verifyEvmPersonalSignature,
  verifyP256Signature,
  verifyPasskeyApproval,
} from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import { decodeBase58 } from '../transfers/base58.js';

/** One entry of an approvals body: the signer, its signature, and a passkey's WebAuthn metadata. */
export type ApprovalProof = SubmitApprovalsBody['approvals'][number];

/** A proof checked against a message: the signature as events record it, whether it verified, and why not when refused outright. */
export interface ApprovalCheck {
  readonly signature: string;
  readonly verified: boolean;
  readonly refusal?: DomainError;
}

const HEX_64_BYTES = /^(0x)?[0-9a-fA-F]{128}$/;
const HEX_DIGEST = /^[0-9a-fA-F]{64}$/;

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

/** The signature as events record it: as sent, or P-256 {r, s} as 0x r ++ s (64 bytes) when it spells one. */
export const signatureTextOf = (signature: ApprovalProof['signature']): string => {
  if (typeof signature === 'string') return signature;
  const compact = compactP256Signature(signature);
  return compact ? `0x${Buffer.from(compact).toString('hex')}` : `${signature.r}:${signature.s}`;
};

/** EIP-191 over the 32 raw bytes (EVM keys), Ed25519 over the bytes (Solana: the transaction's message; Stellar). */
const verifyKeySignature = (wallet: Wallet, address: string, message: string, signature: string): boolean => {
  if (wallet.chainType === 'evm')
    return verifyEvmPersonalSignature({ address, message: { raw: approvalMessageBytes(message) }, signature });
  const bytes = ed25519SignatureBytes(signature);
  const signed = signedBytes(wallet, message);
  return (
    bytes !== null &&
    signed !== null &&
    verifyEd25519Signature({ chainType: wallet.chainType, address, message: signed, signature: bytes })
  );
};

const verifiedBy = (
  wallet: Wallet,
  signer: Signer,
  message: string,
  proof: ApprovalProof,
  policy: WebAuthnPolicy,
): E.Either<DomainError, boolean> => {
  const { signature } = proof;
  switch (signer.type) {
    case 'external-wallet':
    case 'server':
      return E.right(typeof signature === 'string' && verifyKeySignature(wallet, signer.address, message, signature));
    case 'passkey':
      return verifyPasskeyApproval(
        {
          publicKey: signer.publicKey,
          challenge: approvalMessageBytes(message),
          signature,
          ...(proof.metadata && { webAuthn: proof.metadata }),
        },
        policy,
      );
    case 'device':
      return E.right(verifyP256Signature({ publicKey: signer.publicKey, messageHash: message, signature }));
    case 'api-key':
    case 'email':
    case 'phone':
      // Signers whose keys the service holds never approve through the approvals endpoints.
      return E.right(false);
  }
};

/**
 * Whether `proof` is the wallet signer `locator`'s approval of `message`, checked with the wallets
 * package's verifiers: keys as above; passkeys by their WebAuthn assertion of the message, for
 * this deployment's relying party (ADR 0456); device keys by P-256 over the 32-byte message.
 */
export const checkApproval = (
  wallet: Wallet,
  locator: string,
  message: string,
  proof: ApprovalProof,
  policy: WebAuthnPolicy,
): ApprovalCheck => {
  const signature = signatureTextOf(proof.signature);
  const signer = signersOf(wallet).find((candidate) => candidate.locator === locator);
  if (!signer) return { signature, verified: false };
  const verified = verifiedBy(wallet, signer, message, proof, policy);
  return E.isLeft(verified)
    ? { signature, verified: false, refusal: verified.left }
    : { signature, verified: verified.right };
};

/** What an approval by a signer that is not the one asked records: nothing verified. */
export const unverified = (proof: ApprovalProof): ApprovalCheck => ({
  signature: signatureTextOf(proof.signature),
  verified: false,
});
