import { p256 } from '@noble/curves/nist.js';
import { hexToBytes } from '@noble/hashes/utils.js';

/** A P-256 public key as the API carries it: affine coordinates as decimal strings. */
export interface P256PublicKey {
  readonly x: string;
  readonly y: string;
}

const DECIMAL = /^(0|[1-9]\d*)$/;

/** The curve point of a {x, y} key, or null when the strings are not decimals naming a P-256 point. */
export const parseP256PublicKey = (publicKey: P256PublicKey): { x: bigint; y: bigint } | null => {
  if (!DECIMAL.test(publicKey.x) || !DECIMAL.test(publicKey.y)) return null;
  try {
    const point = p256.Point.fromAffine({ x: BigInt(publicKey.x), y: BigInt(publicKey.y) });
    point.assertValidity();
    return { x: point.x, y: point.y };
  } catch {
    return null;
  }
};

export const p256PublicKeyBytes = (point: { x: bigint; y: bigint }): Uint8Array =>
  p256.Point.fromAffine(point).toBytes(false);

/** r and s as decimal or 0x-hex strings, or 64 bytes r ++ s as hex. */
export type P256SignatureInput = { readonly r: string; readonly s: string } | string;

export interface P256Signature {
  readonly publicKey: P256PublicKey;
  /** The 32-byte hash being approved, as hex. */
  readonly messageHash: string;
  readonly signature: P256SignatureInput;
}

const strip0x = (hex: string): string => (hex.startsWith('0x') ? hex.slice(2) : hex);

const scalarOf = (value: string): bigint | null => {
  if (DECIMAL.test(value)) return BigInt(value);
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  return null;
};

/** The 64 bytes r ++ s of a signature, or null when it does not spell two scalars in range. */
export const compactP256Signature = (signature: P256SignatureInput): Uint8Array | null => {
  if (typeof signature === 'string') {
    const hex = strip0x(signature);
    return /^[0-9a-fA-F]{128}$/.test(hex) ? hexToBytes(hex) : null;
  }
  const r = scalarOf(signature.r);
  const s = scalarOf(signature.s);
  if (r === null || s === null || r === 0n || s === 0n || r >= p256.Point.CURVE().n || s >= p256.Point.CURVE().n)
    return null;
  return new p256.Signature(r, s).toBytes('compact');
};

/**
 * Verifies a bare P-256 signature over the 32-byte hash: how device signers (a key held in a
 * phone's secure element) approve. Their key stores do not normalise s, so high-s signatures
 * are accepted, as the P-256 precompile (RIP-7212) accepts them. Passkeys never approve this
 * way: they sign WebAuthn assertions (webauthn.ts, ADR 0456).
 */
export const verifyP256Signature = ({ publicKey, messageHash, signature }: P256Signature): boolean => {
  const point = parseP256PublicKey(publicKey);
  const hashHex = strip0x(messageHash);
  const compact = compactP256Signature(signature);
  if (!point || !compact || !/^[0-9a-fA-F]{64}$/.test(hashHex)) return false;
  try {
    return p256.verify(compact, hexToBytes(hashHex), p256PublicKeyBytes(point), { prehash: false, lowS: false });
  } catch {
    return false;
  }
};
