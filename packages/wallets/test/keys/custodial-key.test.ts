import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { generateCustodialKey, openCustodialKey } from '../../src/keys/custodial-key.js';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import { encryptSecret, SecretDecryptionError } from '../../src/keys/secret-box.js';
import { custodialKey, ENCRYPTION_KEY, seedFrom } from '../support/fixtures.js';

describe('key generation from supplied random bytes', () => {
  it('is deterministic: the same bytes give the same key pair', () => {
    for (const curve of ['ed25519', 'secp256k1'] as const) {
      expect(keyPairFromRandomBytes(curve, seedFrom('k'))).toEqual(keyPairFromRandomBytes(curve, seedFrom('k')));
      expect(keyPairFromRandomBytes(curve, seedFrom('k')).publicKey).not.toEqual(
        keyPairFromRandomBytes(curve, seedFrom('l')).publicKey,
      );
    }
  });

  it('produces the public keys of the curve libraries', () => {
    const seed = seedFrom('k');
    expect(keyPairFromRandomBytes('ed25519', seed).publicKey).toEqual(ed25519.getPublicKey(seed));
    expect(keyPairFromRandomBytes('secp256k1', seed).publicKey).toEqual(secp256k1.getPublicKey(seed, false));
  });

  it('refuses bytes of the wrong length and a zero secp256k1 scalar', () => {
    expect(() => keyPairFromRandomBytes('ed25519', new Uint8Array(31))).toThrow('needs 32 random bytes');
    expect(() => keyPairFromRandomBytes('secp256k1', new Uint8Array(32))).toThrow('not a valid secp256k1 scalar');
  });
});

describe('custodial keys', () => {
  it('keep only the public key in clear, and open to the matching private key', () => {
    for (const curve of ['ed25519', 'secp256k1'] as const) {
      const key = custodialKey(curve, `custody-${curve}`);
      const pair = keyPairFromRandomBytes(curve, seedFrom(`custody-${curve}`));
      expect(key.publicKey).toBe(bytesToHex(pair.publicKey));
      expect(JSON.stringify(key)).not.toContain(bytesToHex(pair.secretKey));
      expect(JSON.stringify(key)).not.toContain(Buffer.from(pair.secretKey).toString('base64'));
      expect(openCustodialKey(key, ENCRYPTION_KEY)).toEqual(pair.secretKey);
    }
  });

  it("cannot be opened with another key pair's public key (blobs are bound to their key)", () => {
    const first = custodialKey('ed25519', 'first');
    const second = custodialKey('ed25519', 'second');
    expect(() => openCustodialKey({ ...first, encryptedSecretKey: second.encryptedSecretKey }, ENCRYPTION_KEY)).toThrow(
      SecretDecryptionError,
    );
  });

  it('draws its nonce from a source when given one', () => {
    const drawn: number[] = [];
    const key = generateCustodialKey('ed25519', seedFrom('n'), ENCRYPTION_KEY, (length) => {
      drawn.push(length);
      return seedFrom('nonce').slice(0, length);
    });
    expect(drawn).toEqual([12]);
    expect(openCustodialKey(key, [ENCRYPTION_KEY])).toEqual(seedFrom('n'));
  });

  // Keys at rest are sealed with the associated data `<curve>:<public key hex>`: changing it would
  // leave every stored key unopenable.
  const sealedFor = (curve: 'ed25519' | 'secp256k1', publicKey: string, secret: Uint8Array) =>
    encryptSecret(secret, ENCRYPTION_KEY, seedFrom('nonce').slice(0, 12), utf8ToBytes(`${curve}:${publicKey}`));

  it('opens keys sealed under their curve and public key, and only under them', () => {
    for (const curve of ['ed25519', 'secp256k1'] as const) {
      const pair = keyPairFromRandomBytes(curve, seedFrom(`stored-${curve}`));
      const publicKey = bytesToHex(pair.publicKey);
      const stored = { curve, publicKey, encryptedSecretKey: sealedFor(curve, publicKey, pair.secretKey) };
      expect(openCustodialKey(stored, ENCRYPTION_KEY)).toEqual(pair.secretKey);
      const unbound = encryptSecret(pair.secretKey, ENCRYPTION_KEY, seedFrom('nonce').slice(0, 12));
      expect(() => openCustodialKey({ ...stored, encryptedSecretKey: unbound }, ENCRYPTION_KEY)).toThrow(
        'cannot decrypt secret: authentication failed',
      );
    }
  });

  it('refuses a blob sealed under its public key that holds the secret of another key', () => {
    const own = keyPairFromRandomBytes('ed25519', seedFrom('own'));
    const other = keyPairFromRandomBytes('ed25519', seedFrom('other'));
    const publicKey = bytesToHex(own.publicKey);
    const mismatched = {
      curve: 'ed25519' as const,
      publicKey,
      encryptedSecretKey: sealedFor('ed25519', publicKey, other.secretKey),
    };
    expect(() => openCustodialKey(mismatched, ENCRYPTION_KEY)).toThrow(
      new SecretDecryptionError('secret does not match its public key'),
    );
  });
});
