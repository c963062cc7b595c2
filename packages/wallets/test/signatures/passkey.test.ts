import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { parseP256PublicKey, verifyP256Signature, type P256PublicKey } from '../../src/signatures/passkey.js';
import { seedFrom } from '../support/fixtures.js';

const secretKey = seedFrom('passkey');
const point = p256.Point.fromBytes(p256.getPublicKey(secretKey, false));
const publicKey: P256PublicKey = { x: point.x.toString(), y: point.y.toString() };
const messageHash = sha256(utf8ToBytes('transaction 7'));
const hashHex = `0x${bytesToHex(messageHash)}`;

describe('verifyP256Signature (device signers: plain ECDSA over the hash)', () => {
  const signed = p256.Signature.fromBytes(p256.sign(messageHash, secretKey, { prehash: false }), 'compact');

  it('accepts r and s as decimal strings or as 64 bytes of hex, and the high-s twin', () => {
    expect(
      verifyP256Signature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: signed.s.toString() },
      }),
    ).toBe(true);
    expect(verifyP256Signature({ publicKey, messageHash: hashHex, signature: signed.toHex('compact') })).toBe(true);
    const n = p256.Point.CURVE().n;
    expect(
      verifyP256Signature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: (n - signed.s).toString() },
      }),
    ).toBe(true);
  });

  it('refuses a tampered hash or signature and malformed keys', () => {
    const tamperedHash = `0x${bytesToHex(sha256(utf8ToBytes('transaction 9')))}`;
    expect(verifyP256Signature({ publicKey, messageHash: tamperedHash, signature: signed.toHex('compact') })).toBe(
      false,
    );
    expect(
      verifyP256Signature({
        publicKey,
        messageHash: hashHex,
        signature: { r: signed.r.toString(), s: (signed.s + 1n).toString() },
      }),
    ).toBe(false);
    expect(
      verifyP256Signature({
        publicKey: { x: publicKey.x, y: '1' },
        messageHash: hashHex,
        signature: signed.toHex('compact'),
      }),
    ).toBe(false);
    expect(verifyP256Signature({ publicKey, messageHash: 'abc', signature: signed.toHex('compact') })).toBe(false);
  });

  const n = p256.Point.CURVE().n;
  const hex = (value: bigint): string => `0x${value.toString(16)}`;
  const withScalars = (r: string, s: string): boolean =>
    verifyP256Signature({ publicKey, messageHash: hashHex, signature: { r, s } });

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
      expect(verifyP256Signature({ publicKey, messageHash: hashHex, signature })).toBe(false);
    }
  });

  it('takes the hash as exactly 32 bytes: a signature of it does not approve it with a byte appended', () => {
    const signature = signed.toHex('compact');
    expect(verifyP256Signature({ publicKey, messageHash: `${hashHex}00`, signature })).toBe(false);
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
