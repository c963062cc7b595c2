import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';

export const ENCRYPTION_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT_VERSION = 1;

/** A 256-bit AES key, checked once where it enters (configuration), then trusted. */
export type EncryptionKey = Buffer & { readonly __brand: 'EncryptionKey' };

export const encryptionKey = (bytes: Uint8Array): E.Either<DomainError, EncryptionKey> =>
  bytes.length === ENCRYPTION_KEY_BYTES
    ? E.right(Buffer.from(bytes) as EncryptionKey)
    : E.left(invalid('invalid_encryption_key', `an encryption key is ${ENCRYPTION_KEY_BYTES} bytes`));

/**
 * A key derived when first needed (then kept): a deployment that never seals anything never
 * needs its secret. Throws if the derivation does not give 32 bytes.
 */
export const lazyEncryptionKey = (derive: () => Uint8Array): (() => EncryptionKey) => {
  let key: EncryptionKey | null = null;
  return () => {
    if (key) return key;
    const checked = encryptionKey(derive());
    if (E.isLeft(checked)) throw new Error(checked.left.message);
    key = checked.right;
    return key;
  };
};

/** Reads a key written as 64 hex characters or as base64 of 32 bytes; the message never echoes it. */
export const parseEncryptionKey = (text: string): E.Either<DomainError, EncryptionKey> => {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return encryptionKey(bytes);
};

/**
 * AES-256-GCM: version byte, random 96-bit IV, tag, ciphertext. `context` is authenticated
 * but not stored, binding the ciphertext to where it belongs (a blob key, a vault token):
 * moved elsewhere it no longer opens. The IV is random, never derived from a counter, so a
 * key reused across processes cannot repeat one; no observable result depends on it.
 */
export const seal = (key: EncryptionKey, plaintext: Uint8Array, context: string): Buffer => {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT_VERSION]), iv, cipher.getAuthTag(), ciphertext]);
};

/** The plaintext, or null when the key, the context or the bytes are not the ones sealed. */
export const open = (key: EncryptionKey, sealed: Uint8Array, context: string): Buffer | null => {
  const bytes = Buffer.from(sealed);
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT_VERSION) return null;
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
};
