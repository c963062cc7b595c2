import { generateKeyPairSync, sign } from 'node:crypto';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { addressFromPublicKey } from '@paykit/wallets';
import {
  type LinkChallenge,
  type LinkedWalletEvent,
  challengeMessage,
  linkedWalletDecider,
  verifyOwnershipProof,
} from '../src/index.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (bytes: Uint8Array): string => {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  const zeros = bytes.findIndex((byte) => byte !== 0);
  return '1'.repeat(zeros === -1 ? bytes.length : zeros) + text;
};

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const address = addressFromPublicKey(
  'solana',
  Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'),
);

const challenge: LinkChallenge = {
  domain: 'shop.example.com',
  address,
  statement: 'Link this wallet.',
  uri: 'https://shop.example.com',
  chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  nonce: 'abc123abc123',
  issuedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:10:00.000Z',
};
const message = challengeMessage('solana', challenge);
const signed = (text: string) => base58(sign(null, Buffer.from(text), privateKey));

const wallet = (userLocator = 'userId:ana') => ({ userLocator, chainType: 'solana' as const, address });
const issued = (userLocator = 'userId:ana'): LinkedWalletEvent => ({
  type: 'WalletLinkChallengeIssued',
  data: { ...wallet(userLocator), challenge, message },
});
const request = (userLocator = 'userId:ana', now = '2026-01-01T00:01:00.000Z') => ({
  type: 'RequestWalletLink' as const,
  data: { ...wallet(userLocator), challenge, message, now },
});
const prove = (proof: string, now = '2026-01-01T00:05:00.000Z', userLocator = 'userId:ana') => ({
  type: 'ProveWalletOwnership' as const,
  data: { ...wallet(userLocator), proof, now },
});
const verified: LinkedWalletEvent = {
  type: 'WalletLinkVerified',
  data: { ...wallet(), nonce: challenge.nonce, verifiedAt: '2026-01-01T00:05:00.000Z' },
};

describe('linked wallet decider', () => {
  const spec = DeciderSpecification.for(linkedWalletDecider);

  it('issues a challenge, and answers the open one again', () => {
    spec.given([]).when(request()).then([issued()]);
    spec.given([issued()]).when(request()).thenNothingHappened();
    spec.given([issued()]).when(request('userId:ana', challenge.expiresAt)).then([issued()]);
  });

  it('verifies a signature of the challenge (base58 or 0x-hex)', () => {
    spec
      .given([issued()])
      .when(prove(signed(message)))
      .then([verified]);
    const hex = `0x${sign(null, Buffer.from(message), privateKey).toString('hex')}`;
    spec.given([issued()]).when(prove(hex)).then([verified]);
  });

  it.each([
    ['a signature of another message', () => prove(signed(`${message}!`)), 'invalid_ownership_proof'],
    ['garbage', () => prove('not base58 0OIl'), 'invalid_ownership_proof'],
    ['a late proof', () => prove(signed(message), challenge.expiresAt), 'challenge_expired'],
    ['a proof from another user', () => prove(signed(message), undefined, 'userId:bo'), 'no_pending_challenge'],
  ])('refuses %s', (_case, command, code) => {
    spec.given([issued()]).when(command()).thenFails({ kind: 'invalid', code });
  });

  it('keeps a verified wallet to its user', () => {
    spec.given([issued(), verified]).when(request()).thenNothingHappened();
    spec
      .given([issued(), verified])
      .when(prove(signed(message)))
      .thenNothingHappened();
    spec
      .given([issued(), verified])
      .when(request('userId:bo'))
      .thenFails({ kind: 'conflict', code: 'wallet_linked_to_another_user' });
  });

  it('lets another user replace a claim that was never proven', () => {
    spec
      .given([issued()])
      .when(request('userId:bo'))
      .then([issued('userId:bo')]);
  });
});

describe('challenge message', () => {
  it('is laid out as a CAIP-122 sign-in message', () => {
    expect(message).toBe(
      `shop.example.com wants you to sign in with your Solana account:\n${address}\n\nLink this wallet.\n\n` +
        'URI: https://shop.example.com\nVersion: 1\nChain ID: solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1\nNonce: abc123abc123\n' +
        'Issued At: 2026-01-01T00:00:00.000Z\nExpiration Time: 2026-01-01T00:10:00.000Z',
    );
    expect(challengeMessage('evm', { ...challenge, chainId: 'eip155:8453' })).toContain('\nChain ID: 8453\n');
  });

  it('needs the key behind the address', () => {
    const other = generateKeyPairSync('ed25519');
    expect(
      verifyOwnershipProof('solana', address, message, base58(sign(null, Buffer.from(message), other.privateKey))),
    ).toBe(false);
    expect(verifyOwnershipProof('solana', address, message, signed(message))).toBe(true);
    expect(verifyOwnershipProof('evm', '0x0000000000000000000000000000000000000001', message, '0x00')).toBe(false);
  });
});
