import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { p256 } from '@noble/curves/nist.js';

/** What a browser's `navigator.credentials.get` is asked and answers with, as a test varies it. */
export interface AssertionOptions {
  readonly rpId?: string;
  readonly origin?: string;
  readonly type?: string;
  /** authenticatorData's flags byte: 0x01 user present, 0x04 user verified (default both). */
  readonly flags?: number;
  /** Keep the high-s twin of the signature (authenticators draw either; the public SDK normalises to low s). */
  readonly highS?: boolean;
  readonly crossOrigin?: boolean;
  readonly topOrigin?: string;
  readonly userVerificationRequired?: boolean;
}

/** A passkey approval in the shape the public SDK sends it (ox's `WebAuthnP256.sign`). */
export interface PasskeyApproval {
  readonly signature: { readonly r: string; readonly s: string };
  readonly metadata: {
    readonly authenticatorData: `0x${string}`;
    readonly clientDataJSON: string;
    readonly challengeIndex: number;
    readonly typeIndex: number;
    readonly userVerificationRequired: boolean;
  };
}

export interface TestPasskey {
  /** The credential's public key as the API carries it: decimal affine coordinates. */
  readonly publicKey: { readonly x: string; readonly y: string };
  /** A WebAuthn assertion of `challenge`, signed by node:crypto's P-256 ECDSA as an authenticator signs. */
  assert(challenge: Uint8Array, options?: AssertionOptions): PasskeyApproval;
  /** A bare P-256 signature over the 32 bytes themselves (no ceremony), low or high s. */
  signBare(hash: Uint8Array, s: 'low' | 'high'): { readonly r: bigint; readonly s: bigint };
}

const N = p256.Point.CURVE().n;
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest();
const scalarOf = (base64url: string | undefined): bigint =>
  BigInt(`0x${Buffer.from(base64url as string, 'base64url').toString('hex')}`);
const hex = (value: bigint): string => `0x${value.toString(16)}`;

/** A P-256 passkey a test holds: real WebAuthn assertions, for any relying party and origin the test names. */
export const testPasskey = (defaults: { readonly rpId: string; readonly origin: string }): TestPasskey => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const secret = Buffer.from(jwk.d as string, 'base64url');
  const publicJwk = publicKey.export({ format: 'jwk' });
  return {
    publicKey: { x: scalarOf(publicJwk.x).toString(), y: scalarOf(publicJwk.y).toString() },
    assert: (challenge, options = {}) => {
      const rpId = options.rpId ?? defaults.rpId;
      const clientDataJSON = JSON.stringify({
        type: options.type ?? 'webauthn.get',
        challenge: Buffer.from(challenge).toString('base64url'),
        origin: options.origin ?? defaults.origin,
        crossOrigin: options.crossOrigin ?? false,
        ...(options.topOrigin !== undefined && { topOrigin: options.topOrigin }),
      });
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.of(options.flags ?? 0x05), Buffer.of(0, 0, 0, 0)]);
      const signed = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      });
      const r = BigInt(`0x${signed.subarray(0, 32).toString('hex')}`);
      const drawn = BigInt(`0x${signed.subarray(32).toString('hex')}`);
      const low = drawn > N / 2n ? N - drawn : drawn;
      return {
        signature: { r: hex(r), s: hex(options.highS ? N - low : low) },
        metadata: {
          authenticatorData: `0x${authenticatorData.toString('hex')}` as const,
          clientDataJSON,
          challengeIndex: clientDataJSON.indexOf('"challenge"'),
          typeIndex: clientDataJSON.indexOf('"type"'),
          userVerificationRequired: options.userVerificationRequired ?? true,
        },
      };
    },
    signBare: (hash, s) => {
      const signature = p256.Signature.fromBytes(p256.sign(hash, secret, { prehash: false }), 'compact');
      return { r: signature.r, s: s === 'high' ? N - signature.s : signature.s };
    },
  };
};
