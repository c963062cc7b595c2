import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { AccountRole, type Address, getBase58Decoder } from '@solana/kit';
import type { ChainType } from '../chains/chain-type.js';
import { SOLANA_SMART_ACCOUNT_PROGRAM } from '../addresses/solana.js';
import { compileSolanaTransaction } from '../solana/transfer-transaction.js';
import type { SignerOperationKind } from './model.js';

export interface SignerOperationSubject {
  readonly operationId: string;
  readonly kind: SignerOperationKind;
  readonly chainType: ChainType;
  readonly chain: string;
  readonly walletAddress: string;
  readonly signer: string;
  /** add-signer: the grant the signer joins with. */
  readonly grant?: { readonly scopes: unknown; readonly expiresAt?: string };
  readonly approver: { readonly address: string };
}

/**
 * 0x sha256 of everything the operation does, its id included: an approval belongs to one
 * operation only, and cannot be replayed on a later registration of the same signer.
 */
export const signerOperationDigest = (subject: SignerOperationSubject): string =>
  `0x${bytesToHex(
    sha256(
      utf8ToBytes(
        JSON.stringify([
          'paykit:signer-operation:v1',
          subject.operationId,
          subject.kind,
          subject.chain,
          subject.walletAddress,
          subject.signer,
          subject.grant === undefined
            ? null
            : { scopes: subject.grant.scopes, expiresAt: subject.grant.expiresAt ?? null },
        ]),
      ),
    ),
  )}`;

const digestBytes = (digest: string): Uint8Array => Uint8Array.from(Buffer.from(digest.replace(/^0x/, ''), 'hex'));

/** Anchor-style discriminators of the smart-account program's signer instructions. */
const INSTRUCTION: Record<SignerOperationKind, Uint8Array> = {
  'add-signer': sha256(utf8ToBytes('global:add_signer')).slice(0, 8),
  'remove-signer': sha256(utf8ToBytes('global:remove_signer')).slice(0, 8),
};

/**
 * What the admin approves, in the form the public SDK's signers sign on each chain family
 * (ADR 0442): EVM the hex digest (EIP-191 over its 32 bytes), Stellar the digest in base64,
 * Solana a real v0 transaction (fee payer: the admin) calling the smart-account program's
 * `add_signer`/`remove_signer` on the wallet with the signer's locator hash, the digest in its
 * blockhash slot; the approver signs its message.
 */
export const signerOperationApproval = (
  subject: SignerOperationSubject,
  digest: string,
): { readonly approvalMessage: string; readonly onChainTransaction?: string } => {
  switch (subject.chainType) {
    case 'solana': {
      const { transaction, message } = compileSolanaTransaction(
        subject.approver.address as Address,
        [
          {
            programAddress: SOLANA_SMART_ACCOUNT_PROGRAM,
            accounts: [
              { address: subject.walletAddress as Address, role: AccountRole.WRITABLE },
              { address: subject.approver.address as Address, role: AccountRole.READONLY_SIGNER },
            ],
            data: Uint8Array.of(...INSTRUCTION[subject.kind], ...sha256(utf8ToBytes(subject.signer))),
          },
        ],
        digestBytes(digest),
      );
      return { approvalMessage: message, onChainTransaction: transaction };
    }
    case 'stellar':
      return { approvalMessage: Buffer.from(digestBytes(digest)).toString('base64') };
    default:
      return { approvalMessage: digest };
  }
};

/**
 * The sandbox's transaction id for an approved operation, in the chain family's format (Solana
 * base58 of 64 bytes, EVM 0x and 32 bytes, others 32 bytes hex), derived from the digest and
 * the approval so that it is stable under retries.
 */
export const signerOperationTxId = (chainType: ChainType, digest: string, signature = ''): string => {
  const seed = utf8ToBytes(`${digest}:${signature}`);
  if (chainType === 'solana') return getBase58Decoder().decode(sha512(seed));
  const hex = bytesToHex(sha256(seed));
  return chainType === 'evm' ? `0x${hex}` : hex;
};
