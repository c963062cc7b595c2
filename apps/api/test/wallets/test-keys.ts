import { generateKeyPairSync, sign } from 'node:crypto';
import { solanaAddressFromPublicKey, stellarAddressFromPublicKey } from '@paykit/wallets';

/** An Ed25519 key a test holds, as a Solana or Stellar wallet app would: its address and a signer. */
export interface Ed25519TestKey {
  readonly publicKey: Uint8Array;
  readonly solanaAddress: string;
  readonly stellarAddress: string;
  /** Signs bytes as they are (Ed25519 hashes internally); hex. */
  sign(message: Uint8Array): string;
}

export const ed25519TestKey = (): Ed25519TestKey => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
  return {
    publicKey: raw,
    solanaAddress: solanaAddressFromPublicKey(raw),
    stellarAddress: stellarAddressFromPublicKey(raw),
    sign: (message) => sign(null, message, privateKey).toString('hex'),
  };
};

/** A P-256 public key as passkey and device signers carry it: decimal affine coordinates. */
export const p256PublicKey = (): { x: string; y: string } => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  const decimal = (value: string | undefined) =>
    BigInt(`0x${Buffer.from(value as string, 'base64url').toString('hex')}`).toString();
  return { x: decimal(jwk.x), y: decimal(jwk.y) };
};
