import { generateKeyPairSync, sign } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { addressFromPublicKey } from '@paykit/wallets';
import { decodeBase58 } from '../src/linked-wallets/base58.js';
import {
  type LinkChallenge,
  type LinkedWalletEvent,
  challengeMessage,
  linkedWalletDecider,
  parseUserLocator,
  verifyOwnershipProof,
} from '../src/index.js';

describe('base58 (the Bitcoin alphabet Solana writes signatures in)', () => {
  // Bitcoin Core's base58 test vectors (src/test/data/base58_encode_decode.json).
  it.each([
    ['2g', '61'],
    ['a3gV', '626262'],
    ['aPEr', '636363'],
    ['2cFupjhnEsSn59qHXstmK2ffpLv2', '73696d706c792061206c6f6e6720737472696e67'],
    ['1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L', '00eb15231dfceb60925886b67d065299925915aeb172c06647'],
    ['ABnLTmg', '516b6fcd0f'],
    ['3SEo3LWLoPntC', 'bf4f89001e670274dd'],
    ['3EFU7m', '572e4794'],
    ['EJDM8drfXA6uyA', 'ecac89cad93923c02321'],
    ['Rt5zm', '10c8511e'],
    ['1111111111', '00000000000000000000'],
  ])('%s is %s', (text, hex) => {
    expect(Buffer.from(decodeBase58(text)!).toString('hex')).toBe(hex);
  });

  it('reads up to 128 characters, and nothing from an empty or longer text', () => {
    expect(decodeBase58('1'.repeat(128))).toEqual(new Uint8Array(128));
    expect(decodeBase58('1'.repeat(129))).toBeNull();
    expect(decodeBase58('')).toBeNull();
    expect(decodeBase58('0OIl')).toBeNull();
  });
});

describe('a Solana ownership proof in hex', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const address = addressFromPublicKey(
    'solana',
    Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'),
  );
  const message = 'Link this wallet';
  const hex = sign(null, Buffer.from(message), privateKey).toString('hex');

  it('is exactly the 64 signature bytes: anything after them is refused', () => {
    expect(verifyOwnershipProof('solana', address, message, `0x${hex}`)).toBe(true);
    expect(verifyOwnershipProof('solana', address, message, `0x${hex}zz`)).toBe(false);
    expect(verifyOwnershipProof('solana', address, message, `0x${hex}00`)).toBe(false);
  });
});

describe("a wallet link's refusals say what to do next", () => {
  const spec = DeciderSpecification.for(linkedWalletDecider);
  const address = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
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
  const wallet = (userLocator: string) => ({ userLocator, chainType: 'solana' as const, address });
  const issued: LinkedWalletEvent = {
    type: 'WalletLinkChallengeIssued',
    data: { ...wallet('userId:ana'), challenge, message: challengeMessage('solana', challenge) },
  };
  const prove = (userLocator: string, now: string) => ({
    type: 'ProveWalletOwnership' as const,
    data: { ...wallet(userLocator), proof: '1111', now },
  });
  const proofRefusal = (code: string, message: string) => ({
    kind: 'invalid' as const,
    code,
    message: `proof: ${message}`,
    parameters: { issues: [{ path: 'proof', message }] },
  });

  it.each([
    [
      'no challenge for this user',
      prove('userId:bo', '2026-01-01T00:05:00.000Z'),
      proofRefusal(
        'no_pending_challenge',
        'no challenge is pending for this wallet and user: send the request without proof first',
      ),
    ],
    [
      'an expired challenge',
      prove('userId:ana', challenge.expiresAt),
      proofRefusal('challenge_expired', 'the challenge has expired: send the request without proof for a new one'),
    ],
    [
      'a proof that is not a signature',
      prove('userId:ana', '2026-01-01T00:05:00.000Z'),
      proofRefusal('invalid_ownership_proof', 'is not a signature of the challenge message by this address'),
    ],
  ])('%s', (_, command, refusal) => {
    spec.given([issued]).when(command).thenFails(refusal);
  });

  it('a wallet verified for another user', () => {
    const verified: LinkedWalletEvent = {
      type: 'WalletLinkVerified',
      data: { ...wallet('userId:ana'), nonce: challenge.nonce, verifiedAt: '2026-01-01T00:05:00.000Z' },
    };
    spec.given([issued, verified]).when(prove('userId:bo', '2026-01-01T00:06:00.000Z')).thenFails({
      kind: 'conflict',
      code: 'wallet_linked_to_another_user',
      message: 'This wallet is already linked to another user of the project',
    });
  });
});

describe('a user locator refused', () => {
  it.each(['ana', 'phoneNumber:4155550123'])('%s names its field once, before the reason', (text) => {
    for (const field of ['userLocator', 'reference.userLocator']) {
      const result = parseUserLocator(text, field);
      if (E.isRight(result)) throw new Error(`${text} was accepted`);
      const [issue] = (result.left.parameters as { issues: { path: string; message: string }[] }).issues;
      expect(issue!.path).toBe(field);
      expect(issue!.message).not.toContain(field);
      expect(issue!.message.length).toBeGreaterThan(0);
      expect(result.left.message).toBe(`${field}: ${issue!.message}`);
    }
  });
});
