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

/** Signs as an authenticator does, through WebCrypto: P-256 ECDSA over authenticatorData ++ sha256(clientDataJSON). */
const webAuthnSign = async (authenticatorData: Uint8Array, clientDataJSON: string) => {
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
  const signed = concatBytes(authenticatorData, sha256(utf8ToBytes(clientDataJSON)));
  const signature = new Uint8Array(await webcrypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, signed));
  return {
    signature: bytesToHex(signature),
    webAuthn: { authenticatorData: bytesToHex(authenticatorData), clientDataJSON },
  };
};

/** rpIdHash, flags, and the 4-byte signature counter: the 37 bytes every assertion's authenticator data starts with. */
const authenticatorDataOf = (flags: number): Uint8Array =>
  concatBytes(sha256(utf8ToBytes('example.com')), Uint8Array.of(flags), Uint8Array.of(0, 0, 0, 1));

const clientDataOf = (challengeHash: Uint8Array, type = 'webauthn.get'): string =>
  JSON.stringify({
    type,
    challenge: Buffer.from(challengeHash).toString('base64url'),
    origin: 'https://example.com',
  });

/** A WebAuthn assertion as an authenticator makes it. */
const assertion = (challengeHash: Uint8Array, flags = 0x05) =>
  webAuthnSign(authenticatorDataOf(flags), clientDataOf(challengeHash));

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

  it('accepts the high-s twin of an assertion: authenticators do not normalise s', async () => {
    const { signature, webAuthn } = await assertion(messageHash);
    const made = p256.Signature.fromHex(signature, 'compact');
    const twin = new p256.Signature(made.r, p256.Point.CURVE().n - made.s).toHex('compact');
    // One of the two is high-s, whichever s WebCrypto drew.
    for (const spelling of [signature, twin]) {
      expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, signature: spelling, webAuthn })).toBe(true);
    }
  });

  it('refuses an assertion made to register a passkey (webauthn.create), not to approve', async () => {
    const created = await webAuthnSign(authenticatorDataOf(0x05), clientDataOf(messageHash, 'webauthn.create'));
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, ...created })).toBe(false);
  });

  it('refuses client data that is not JSON, though the signature over it holds', async () => {
    const challenge = Buffer.from(messageHash).toString('base64url');
    const signed = await webAuthnSign(authenticatorDataOf(0x05), `webauthn.get ${challenge}`);
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, ...signed })).toBe(false);
  });

  it('refuses authenticator data shorter than the 37 bytes every assertion has, though signed with user presence', async () => {
    const withoutCounter = authenticatorDataOf(0x05).slice(0, 33);
    const signed = await webAuthnSign(withoutCounter, clientDataOf(messageHash));
    expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, ...signed })).toBe(false);
  });

  it('refuses authenticator data that is not hex', async () => {
    const { signature, webAuthn } = await assertion(messageHash);
    const authenticatorData = `zz${webAuthn.authenticatorData}`;
    expect(
      verifyPasskeySignature({
        publicKey,
        messageHash: hashHex,
        signature,
        webAuthn: { ...webAuthn, authenticatorData },
      }),
    ).toBe(false);
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

  const n = p256.Point.CURVE().n;
  const hex = (value: bigint): string => `0x${value.toString(16)}`;
  const withScalars = (r: string, s: string): boolean =>
    verifyPasskeySignature({ publicKey, messageHash: hashHex, signature: { r, s } });

  it('accepts r and s as 0x-hex, in either case', () => {
    expect(withScalars(hex(signed.r), hex(signed.s))).toBe(true);
    expect(withScalars(`0x${signed.r.toString(16).toUpperCase()}`, hex(signed.s))).toBe(true);
  });

  it('refuses r or s spelled in ways BigInt reads but the API does not: spaces, leading zeros, binary, octal', () => {
    const spellings = (value: bigint): string[] => [
      ` ${value}`,
      `${value} `,
      `0${value}`,
      `0b${value.toString(2)}`,
      `0o${value.toString(8)}`,
      ` ${hex(value)}`,
      `${hex(value)} `,
      `0X${value.toString(16)}`,
    ];
    for (const r of spellings(signed.r)) expect(withScalars(r, signed.s.toString())).toBe(false);
    for (const s of spellings(signed.s)) expect(withScalars(signed.r.toString(), s)).toBe(false);
  });

  it('refuses r or s of zero or of at least the group order, without throwing', () => {
    const outOfRange: [bigint, bigint][] = [
      [0n, signed.s],
      [signed.r, 0n],
      [n, signed.s],
      [signed.r, n],
      [signed.r + n, signed.s],
    ];
    for (const [r, s] of outOfRange) expect(withScalars(r.toString(), s.toString())).toBe(false);
  });

  it('refuses 64 bytes of hex with anything before or after them, without throwing', () => {
    const compact = signed.toHex('compact');
    for (const signature of [`zz${compact}`, `0x0x${compact}`, `${compact}00`, `${compact}zz`]) {
      expect(verifyPasskeySignature({ publicKey, messageHash: hashHex, signature })).toBe(false);
    }
  });

  it('takes the hash as exactly 32 bytes: a signature of it does not approve it with a byte appended', () => {
    const signature = signed.toHex('compact');
    expect(verifyPasskeySignature({ publicKey, messageHash: `${hashHex}00`, signature })).toBe(false);
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
