import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

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

/** What a WebAuthn authenticator signed around the challenge. */
export interface WebAuthnAssertion {
  /** Hex (0x-prefixed or not) of the authenticator data. */
  readonly authenticatorData: string;
  /** The client data JSON exactly as the browser produced it. */
  readonly clientDataJSON: string;
}

export interface PasskeySignature {
  readonly publicKey: P256PublicKey;
  /** The 32-byte hash being approved, as hex. */
  readonly messageHash: string;
  /** r and s as decimal or 0x-hex strings, or 64 bytes r ++ s as hex. */
  readonly signature: { readonly r: string; readonly s: string } | string;
  /**
   * With an assertion, the signature is a WebAuthn one: over authenticatorData ++
   * sha256(clientDataJSON), whose challenge must be base64url(messageHash). Without one, the
   * signature is plain ECDSA over messageHash.
   */
  readonly webAuthn?: WebAuthnAssertion;
}

const USER_PRESENT = 0x01;
const strip0x = (hex: string): string => (hex.startsWith('0x') ? hex.slice(2) : hex);

const scalarOf = (value: string): bigint | null => {
  if (DECIMAL.test(value)) return BigInt(value);
  if (/^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  return null;
};

const compactSignature = (signature: PasskeySignature['signature']): Uint8Array | null => {
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

const challengeMatches = (clientDataJSON: string, hash: Uint8Array): boolean => {
  try {
    const clientData = JSON.parse(clientDataJSON) as { type?: unknown; challenge?: unknown };
    return clientData.type === 'webauthn.get' && clientData.challenge === Buffer.from(hash).toString('base64url');
  } catch {
    return false;
  }
};

/**
 * Verifies a passkey (P-256) signature. Authenticators do not normalise s, so high-s
 * signatures are accepted, as the P-256 precompile (RIP-7212) accepts them.
 */
export const verifyPasskeySignature = ({ publicKey, messageHash, signature, webAuthn }: PasskeySignature): boolean => {
  const point = parseP256PublicKey(publicKey);
  const hashHex = strip0x(messageHash);
  const compact = compactSignature(signature);
  if (!point || !compact || !/^[0-9a-fA-F]{64}$/.test(hashHex)) return false;
  const hash = hexToBytes(hashHex);
  const key = p256PublicKeyBytes(point);
  try {
    if (!webAuthn) return p256.verify(compact, hash, key, { prehash: false, lowS: false });
    const authenticatorData = hexToBytes(strip0x(webAuthn.authenticatorData));
    if (authenticatorData.length < 37 || ((authenticatorData[32] ?? 0) & USER_PRESENT) === 0) return false;
    if (!challengeMatches(webAuthn.clientDataJSON, hash)) return false;
    const signed = concatBytes(authenticatorData, sha256(utf8ToBytes(webAuthn.clientDataJSON)));
    return p256.verify(compact, signed, key, { prehash: true, lowS: false });
  } catch {
    return false;
  }
};
