import { type EncryptionKey, open, seal } from '@paykit/providers';

/**
 * A JSON value sealed with AES-256-GCM, bound to where it belongs (`boundTo`, a stream and
 * section: copied elsewhere it does not open), as base64url text an event can carry.
 */
export const sealJson = (key: EncryptionKey, value: unknown, boundTo: string): string =>
  seal(key, Buffer.from(JSON.stringify(value), 'utf8'), boundTo).toString('base64url');

/** The value sealed, or undefined (no JSON value) when the key or the binding is not the one it was sealed with. */
export const openJson = <Value>(key: EncryptionKey, sealed: string, boundTo: string): Value | undefined => {
  const plaintext = open(key, Buffer.from(sealed, 'base64url'), boundTo);
  return plaintext ? (JSON.parse(plaintext.toString('utf8')) as Value) : undefined;
};
