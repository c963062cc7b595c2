import { createCipheriv, createDecipheriv } from 'node:crypto';

/** A 256-bit key from configuration, named so that blobs say which key sealed them (rotation). */
export interface EncryptionKey {
  readonly id: string;
  readonly key: Uint8Array;
}

/** A secret at rest: AES-256-GCM ciphertext, its nonce and tag, and the id of the key. Never the secret. */
export interface EncryptedSecret {
  readonly algorithm: 'aes-256-gcm';
  readonly keyId: string;
  readonly nonce: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/** Source of random bytes, injected so tests are reproducible and domain code stays pure. */
export type RandomBytes = (length: number) => Uint8Array;

const NONCE_LENGTH = 12;
const KEY_LENGTH = 32;

export class SecretDecryptionError extends Error {
  constructor(reason: string) {
    super(`cannot decrypt secret: ${reason}`);
    this.name = 'SecretDecryptionError';
  }
}

const assertKey = (key: EncryptionKey): void => {
  if (key.key.length !== KEY_LENGTH) throw new RangeError(`encryption key "${key.id}" must be ${KEY_LENGTH} bytes`);
};

const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
const fromBase64 = (text: string): Buffer => Buffer.from(text, 'base64');

/**
 * Seals a secret with AES-256-GCM. The nonce must never repeat under one key: pass 12 random
 * bytes, or a random source to draw them from. `associatedData` binds the blob to its context
 * (for instance the public key of the sealed private key), so blobs cannot be swapped.
 */
export const encryptSecret = (
  plaintext: Uint8Array,
  key: EncryptionKey,
  nonce: Uint8Array | RandomBytes,
  associatedData?: Uint8Array,
): EncryptedSecret => {
  assertKey(key);
  const iv = typeof nonce === 'function' ? nonce(NONCE_LENGTH) : nonce;
  if (iv.length !== NONCE_LENGTH) throw new RangeError(`nonce must be ${NONCE_LENGTH} bytes`);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  if (associatedData) cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return {
    algorithm: 'aes-256-gcm',
    keyId: key.id,
    nonce: toBase64(iv),
    ciphertext: toBase64(ciphertext),
    tag: toBase64(cipher.getAuthTag()),
  };
};

/** Opens a blob with the key it names from a key ring; throws SecretDecryptionError if it was tampered with. */
export const decryptSecret = (
  secret: EncryptedSecret,
  keys: EncryptionKey | readonly EncryptionKey[],
  associatedData?: Uint8Array,
): Uint8Array => {
  const ring = Array.isArray(keys) ? (keys as readonly EncryptionKey[]) : [keys as EncryptionKey];
  const key = ring.find((candidate) => candidate.id === secret.keyId);
  if (!key) throw new SecretDecryptionError(`no encryption key with id "${secret.keyId}"`);
  if (secret.algorithm !== 'aes-256-gcm')
    throw new SecretDecryptionError(`unsupported algorithm "${String(secret.algorithm)}"`);
  assertKey(key);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, fromBase64(secret.nonce));
    if (associatedData) decipher.setAAD(associatedData);
    decipher.setAuthTag(fromBase64(secret.tag));
    return new Uint8Array(Buffer.concat([decipher.update(fromBase64(secret.ciphertext)), decipher.final()]));
  } catch {
    throw new SecretDecryptionError('authentication failed');
  }
};
