import { lazyEncryptionKey, open, parseEncryptionKey, seal } from '../../src/index.js';
import { KEY, leftOf, OTHER_KEY, rightOf } from '../support.js';

const SECRET = Buffer.from('passport scan bytes');

describe('AES-256-GCM sealing', () => {
  it('opens what it sealed, with the same key and context', () => {
    const sealed = seal(KEY, SECRET, 'documents/u1/id-passport');
    expect(sealed.includes(SECRET)).toBe(false);
    expect(open(KEY, sealed, 'documents/u1/id-passport')?.equals(SECRET)).toBe(true);
  });

  it('never seals the same plaintext to the same bytes twice', () => {
    expect(seal(KEY, SECRET, 'k').equals(seal(KEY, SECRET, 'k'))).toBe(false);
  });

  it('does not open under another key, another context, or after tampering', () => {
    const sealed = seal(KEY, SECRET, 'a');
    expect(open(OTHER_KEY, sealed, 'a')).toBeNull();
    expect(open(KEY, sealed, 'b')).toBeNull();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 1;
    expect(open(KEY, tampered, 'a')).toBeNull();
    expect(open(KEY, sealed.subarray(0, 10), 'a')).toBeNull();
  });

  it('reads keys as 64 hex characters or base64 of 32 bytes, and refuses other lengths', () => {
    const hex = 'ab'.repeat(32);
    expect(rightOf(parseEncryptionKey(hex)).equals(Buffer.from(hex, 'hex'))).toBe(true);
    expect(rightOf(parseEncryptionKey(Buffer.alloc(32, 1).toString('base64'))).equals(Buffer.alloc(32, 1))).toBe(true);
    const error = leftOf(parseEncryptionKey('c2hvcnQ='));
    expect(error.code).toBe('invalid_encryption_key');
    expect(error.message).not.toContain('c2hvcnQ=');
  });

  it('derives a lazy key once, when first used, and refuses a derivation of the wrong length', () => {
    let derivations = 0;
    const key = lazyEncryptionKey(() => {
      derivations++;
      return Buffer.alloc(32, 3);
    });
    expect(derivations).toBe(0);
    expect(key().equals(Buffer.alloc(32, 3))).toBe(true);
    expect(key()).toBe(key());
    expect(derivations).toBe(1);
    expect(() => lazyEncryptionKey(() => Buffer.alloc(16))()).toThrow('32 bytes');
  });
});
