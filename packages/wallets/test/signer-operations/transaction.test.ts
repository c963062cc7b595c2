import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Encoder, getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import {
  SOLANA_SMART_ACCOUNT_PROGRAM,
  type SignerOperationSubject,
  signerOperationApproval,
  signerOperationDigest,
  signerOperationTxId,
  solanaAddressFromPublicKey,
  solanaSmartAccountAddress,
} from '../../src/index.js';

const admin = solanaAddressFromPublicKey(ed25519.getPublicKey(new Uint8Array(32).fill(1)));
const wallet = solanaSmartAccountAddress(admin, 0n);
const subject: SignerOperationSubject = {
  operationId: 'op-1',
  kind: 'add-signer',
  chainType: 'solana',
  chain: 'solana',
  walletAddress: wallet,
  signer: 'external-wallet:4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  grant: { scopes: [] },
  approver: { address: admin },
};
const base58 = getBase58Encoder();

describe('what an admin approves for a signer operation (ADR 0448)', () => {
  it('binds the digest to the operation, its kind, wallet, signer and grant, its expiry included', () => {
    const digest = signerOperationDigest(subject);
    expect(digest).toMatch(/^0x[0-9a-f]{64}$/);
    for (const changed of [
      { operationId: 'op-2' },
      { kind: 'remove-signer' as const },
      { signer: 'external-wallet:other' },
      { grant: { scopes: [{ type: 'transfer' }] } },
      { chain: 'solana-devnet' },
    ]) {
      expect(signerOperationDigest({ ...subject, ...changed })).not.toBe(digest);
    }
    const until = (expiresAt: string) => signerOperationDigest({ ...subject, grant: { scopes: [], expiresAt } });
    expect(until('2027-01-01T00:00:00.000Z')).not.toBe(until('2028-01-01T00:00:00.000Z'));
  });

  it('is, on Solana, a v0 transaction paid by the admin, calling the smart-account program on the wallet, whose message is what it signs', () => {
    const digest = signerOperationDigest(subject);
    const { approvalMessage, onChainTransaction } = signerOperationApproval(subject, digest);
    const transaction = getTransactionDecoder().decode(base58.encode(onChainTransaction ?? ''));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    expect(message.version).toBe(0);
    expect(message.staticAccounts[0]).toBe(admin);
    expect(message.staticAccounts).toEqual(expect.arrayContaining([wallet, SOLANA_SMART_ACCOUNT_PROGRAM]));
    expect(message.header.numSignerAccounts).toBe(1);
    // The digest stands in the blockhash slot: the transaction belongs to this operation only.
    expect(Buffer.from(base58.encode(message.lifetimeToken)).toString('hex')).toBe(digest.slice(2));
    expect(Buffer.from(base58.encode(approvalMessage))).toEqual(Buffer.from(transaction.messageBytes));
  });

  it('is the digest in base64 on Stellar and in hex on EVM', () => {
    const digest = signerOperationDigest(subject);
    expect(signerOperationApproval({ ...subject, chainType: 'stellar' }, digest)).toEqual({
      approvalMessage: Buffer.from(digest.slice(2), 'hex').toString('base64'),
    });
    expect(signerOperationApproval({ ...subject, chainType: 'evm' }, digest)).toEqual({ approvalMessage: digest });
  });

  it('gets a transaction id in the format of its chain family, stable for one approval', () => {
    const digest = signerOperationDigest(subject);
    expect(base58.encode(signerOperationTxId('solana', digest, 'sig'))).toHaveLength(64);
    expect(signerOperationTxId('evm', digest, 'sig')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(signerOperationTxId('stellar', digest, 'sig')).toMatch(/^[0-9a-f]{64}$/);
    expect(signerOperationTxId('evm', digest, 'sig')).toBe(signerOperationTxId('evm', digest, 'sig'));
    expect(signerOperationTxId('evm', digest, 'other')).not.toBe(signerOperationTxId('evm', digest, 'sig'));
  });
});
