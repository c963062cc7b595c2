import { webcrypto } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { parseP256PublicKey, verifyPasskeySignature, type P256PublicKey } from '../../src/signatures/passkey.js';
import { seedFrom } from '../support/fixtures.js';

const secretKey = seedFrom('passkey');
const point = p256.Point.fromBytes(p256.getPublicKey(secretKey, false));
const publicKey: P256PublicKey = { x: point.x.toString(), y: point.y.toString() };
const messageHash = sha256(utf8ToBytes('transaction 7'));
const hashHex = `0x${bytesToHex(messageHash)}`;

const base64url = (value: bigint): string =>
  Buffer.from(value.toString(16).padStart(64, '0'), 'hex').toString('base64url');

/** A WebAuthn assertion as an authenticator makes it, signed through WebCrypto. */
const assertion = async (challengeHash: Uint8Array, flags = 0x05) => {
  const key = await webcrypto.subtle.importKey(
    'jwk',
    {
      kty: 'EC',
      crv: 'P-256',
      x: base64url(point.x),
      y: base64url(point.y),
      d: Buffer.from(secretKey).toString('base64url'),
    },
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const authenticatorData = concatBytes(
    sha256(utf8ToBytes('example.com')),
    Uint8Array.of(flags),
    Uint8Array.of(0, 0, 0, 1),
  );
  const clientDataJSON = JSON.stringify({
    type: 'webauthn.get',
    challenge: Buffer.from(challengeHash).toString('base64url'),
    origin: 'https://example.com',
  });
  const signed = concatBytes(authenticatorData, sha256(utf8ToBytes(clientDataJSON)));
  const signature = new Uint8Array(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, signed));
  return {
    signature: bytesToHex(signature),
    webAuthn: { authenticatorData: bytesToHex(authenticatorData), clientDataJSON },
  };
};

describe('verifyPasskeySignature (WebAuthn)', () => {
  it('accepts an assertion over the message hash and refuses tampered ones', async () => {
    const { signature, webAuthn } = await assertion(messageHash);
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, signature, webAuthn })).toBe(true);
    const otherHash = `0x${bytesToHex(sha256(utf8ToBytes('transaction 8')))}`;
    expect(verifyPasskeySignature({ publicKey, messageHash: otherHash, signature, webAuthn })).toBe(false);
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`;
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, signature: flipped, webAuthn })).toBe(false);
    const clientDataJSON = webAuthn.clientDataJSON.replace('https://example.com', 'https://evil.example');
    expect(
      verifyPasskeySignature({ publicKey, messageHash: hashHex, signature, webAuthn: { ...webAuthn, clientDataJSON } }),
    ).toBe(false);
  });

  it('refuses an assertion for another challenge or without user presence', async () => {
    const forOther = await assertion(sha256(utf8ToBytes('transaction 8')));
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, ...forOther })).toBe(false);
    const absent = await assertion(messageHash, 0x04);
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, ...absent })).toBe(false);
  });

  it('refuses a signature checked against another key', async () => {
    const { signature, webAuthn } = await assertion(messageHash);
    const otherPoint = p256.Point.fromBytes(p256.getPublicKey(seedFrom('other passkey'), false));
    const otherKey = { x: otherPoint.x.toString(), y: otherPoint.y.toString() };
    expect(verifyPasskeySignature({ publicKey: otherKey, messageHash: hashHex, signature, webAuthn })).toBe(false);
  });
});

describe('verifyPasskeySignature (plain ECDSA over the hash)', () => {
  const signed = p256.Signature.fromBytes(p256.sign(messageHash, secretKey, { prehash: false }), 'compact');

  it('accepts r and s as decimal strings or as 64 bytes of hex, and the high-s twin', () => {
    expect(
      verifyPasskeySignature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: signed.s.toString() },
      }),
    ).toBe(true);
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, signature: signed.toHex('compact') })).toBe(true);
    const n = p256.Point.CURVE().n;
    expect(
      verifyPasskeySignature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: (n - signed.s).toString() },
      }),
    ).toBe(true);
  });

  it('refuses a tampered hash or signature and malformed keys', () => {
    const tamperedHash = `0x${bytesToHex(sha256(utf8ToBytes('transaction 9')))}`;
    expect(verifyPasskeySignature({ publicKey, messageHash: tamperedHash, signature: signed.toHex('compact') })).toBe(
      false,
    );
    expect(
      verifyPasskeySignature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: (signed.s + 1n).toString() },
      }),
    ).toBe(false);
    expect(
      verifyPasskeySignature({
        publicKey: { x: publicKey.x, y: '1' },
        messageHash: hashHex,
        signature: signed.toHex('compact'),
      }),
    ).toBe(false);
    expect(verifyPasskeySignature({ publicKey, messageHash: 'abc', signature: signed.toHex('compact') })).toBe(false);
  });
});

describe('parseP256PublicKey', () => {
  it('accepts curve points given as decimal strings only', () => {
    expect(parseP256PublicKey(publicKey)).toEqual({ x: point.x, y: point.y });
    expect(parseP256PublicKey({ x: `0x${point.x.toString(16)}`, y: publicKey.y })).toBeNull();
    expect(parseP256PublicKey({ x: publicKey.x, y: (point.y + 1n).toString() })).toBeNull();
    expect(parseP256PublicKey({ x: '-1', y: '2' })).toBeNull();
  });
});
