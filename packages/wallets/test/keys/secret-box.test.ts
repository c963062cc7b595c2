import { utf8ToBytes } from '@noble/hashes/utils.js';
import {
  decryptSecret,
  encryptSecret,
  SecretDecryptionError,
  type EncryptedSecret,
} from '../../src/keys/secret-box.js';
import { counterNonces, ENCRYPTION_KEY, seedFrom } from '../support/fixtures.js';

const SECRET = utf8ToBytes('a private key, 32 bytes long....');
const NONCE = seedFrom('nonce').slice(0, 12);

const flipFirstByte = (base64: string): string => {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  return bytes.toString('base64');
};

describe('encryptSecret / decryptSecret (AES-256-GCM)', () => {
  it('round-trips, and the blob holds no trace of the secret', () => {
    const sealed = encryptSecret(SECRET, ENCRYPTION_KEY, NONCE);
    expect(sealed).toMatchObject({
      algorithm: 'aes-256-gcm',
      keyId: 'test-key-1',
      nonce: Buffer.from(NONCE).toString('base64'),
    });
    expect(JSON.stringify(sealed)).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(Buffer.from(sealed.ciphertext, 'base64').equals(Buffer.from(SECRET))).toBe(false);
    expect(decryptSecret(sealed, ENCRYPTION_KEY)).toEqual(SECRET);
  });

  it('is deterministic for a given nonce and draws fresh nonces from an injected source', () => {
    expect(encryptSecret(SECRET, ENCRYPTION_KEY, NONCE)).toEqual(encryptSecret(SECRET, ENCRYPTION_KEY, NONCE));
    const nonces = counterNonces('source');
    const first = encryptSecret(SECRET, ENCRYPTION_KEY, nonces);
    const second = encryptSecret(SECRET, ENCRYPTION_KEY, nonces);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.ciphertext).not.toBe(second.ciphertext);
    expect(decryptSecret(second, ENCRYPTION_KEY)).toEqual(SECRET);
  });

  it.each<[string, (sealed: EncryptedSecret) => EncryptedSecret]>([
    ['ciphertext', (sealed) => ({ ...sealed, ciphertext: flipFirstByte(sealed.ciphertext) })],
    ['tag', (sealed) => ({ ...sealed, tag: flipFirstByte(sealed.tag) })],
    ['nonce', (sealed) => ({ ...sealed, nonce: flipFirstByte(sealed.nonce) })],
  ])('refuses a blob whose %s was tampered with', (_part, tamper) => {
    const sealed = encryptSecret(SECRET, ENCRYPTION_KEY, NONCE);
    expect(() => decryptSecret(tamper(sealed), ENCRYPTION_KEY)).toThrow(SecretDecryptionError);
  });

  it('binds the blob to its associated data', () => {
    const sealed = encryptSecret(SECRET, ENCRYPTION_KEY, NONCE, utf8ToBytes('wallet-1'));
    expect(decryptSecret(sealed, ENCRYPTION_KEY, utf8ToBytes('wallet-1'))).toEqual(SECRET);
    expect(() => decryptSecret(sealed, ENCRYPTION_KEY, utf8ToBytes('wallet-2'))).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(sealed, ENCRYPTION_KEY)).toThrow(SecretDecryptionError);
  });

  it('finds the sealing key in a key ring, and refuses a blob when its key is missing or different', () => {
    const older = { id: 'test-key-0', key: seedFrom('encryption key 0') };
    const sealed = encryptSecret(SECRET, older, NONCE);
    expect(decryptSecret(sealed, [ENCRYPTION_KEY, older])).toEqual(SECRET);
    expect(() => decryptSecret(sealed, [ENCRYPTION_KEY])).toThrow('no encryption key with id "test-key-0"');
    expect(() => decryptSecret(sealed, { id: 'test-key-0', key: seedFrom('another key') })).toThrow(
      SecretDecryptionError,
    );
  });

  it('refuses keys and nonces of the wrong size', () => {
    expect(() => encryptSecret(SECRET, { id: 'short', key: new Uint8Array(16) }, NONCE)).toThrow('must be 32 bytes');
    expect(() => encryptSecret(SECRET, ENCRYPTION_KEY, new Uint8Array(8))).toThrow('nonce must be 12 bytes');
  });

  it('names what failed in a SecretDecryptionError: a tampered blob fails authentication', () => {
    const sealed = encryptSecret(SECRET, ENCRYPTION_KEY, NONCE);
    const opening = () => decryptSecret({ ...sealed, tag: flipFirstByte(sealed.tag) }, ENCRYPTION_KEY);
    expect(opening).toThrow(
      expect.objectContaining({
        name: 'SecretDecryptionError',
        message: 'cannot decrypt secret: authentication failed',
      }),
    );
  });

  it('refuses a blob of another algorithm rather than opening it as AES-256-GCM', () => {
    const sealed = encryptSecret(SECRET, ENCRYPTION_KEY, NONCE);
    const other = { ...sealed, algorithm: 'chacha20-poly1305' } as unknown as EncryptedSecret;
    expect(() => decryptSecret(other, ENCRYPTION_KEY)).toThrow(
      new SecretDecryptionError('unsupported algorithm "chacha20-poly1305"'),
    );
    expect(() => decryptSecret(other, ENCRYPTION_KEY)).toThrow(SecretDecryptionError);
  });
});
