import { Keypair, StrKey } from '@stellar/stellar-sdk';
import { keyPairFromRandomBytes } from '../../src/keys/key-pair.js';
import {
  isStellarAccountAddress,
  isStellarContractAddress,
  stellarAddressFromPublicKey,
  stellarContractAddress,
  stellarPublicKeyFromAddress,
} from '../../src/addresses/stellar.js';
import { seedFrom } from '../support/fixtures.js';

describe('Stellar address (Ed25519 account, G... StrKey)', () => {
  it('is the public key the Stellar SDK gives the key pair made from the same seed', () => {
    for (const label of ['stellar-1', 'stellar-2', 'stellar-3']) {
      const seed = seedFrom(label);
      const ours = stellarAddressFromPublicKey(keyPairFromRandomBytes('ed25519', seed).publicKey);
      expect(ours).toBe(Keypair.fromRawEd25519Seed(Buffer.from(seed)).publicKey());
      expect(StrKey.isValidEd25519PublicKey(ours)).toBe(true);
      expect(ours).toMatch(/^G[A-Z2-7]{55}$/);
      expect(stellarPublicKeyFromAddress(ours)).toEqual(new Uint8Array(StrKey.decodeEd25519PublicKey(ours)));
    }
  });

  it('encodes contract ids as the SDK does', () => {
    const id = seedFrom('contract');
    const ours = stellarContractAddress(id);
    expect(ours).toBe(StrKey.encodeContract(Buffer.from(id)));
    expect(isStellarContractAddress(ours)).toBe(true);
    expect(isStellarAccountAddress(ours)).toBe(false);
  });

  it('agrees with the SDK on every single-character corruption of an address', () => {
    const valid = stellarAddressFromPublicKey(keyPairFromRandomBytes('ed25519', seedFrom('stellar-1')).publicKey);
    for (let index = 0; index < valid.length; index++) {
      const replacement = valid[index] === 'A' ? 'B' : 'A';
      const corrupted = `${valid.slice(0, index)}${replacement}${valid.slice(index + 1)}`;
      expect(isStellarAccountAddress(corrupted)).toBe(StrKey.isValidEd25519PublicKey(corrupted));
      expect(isStellarAccountAddress(corrupted)).toBe(false);
    }
    expect(isStellarAccountAddress(valid.toLowerCase())).toBe(false);
    expect(isStellarAccountAddress(valid.slice(1))).toBe(false);
  });
});
