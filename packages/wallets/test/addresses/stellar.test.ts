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

  it('refuses a character outside the base32 alphabet at any position, as the SDK does', () => {
    // A key of 0xff bytes encodes to runs of '7' (31), the value a stray character must not be read as.
    const valid = stellarAddressFromPublicKey(new Uint8Array(32).fill(0xff));
    expect(StrKey.isValidEd25519PublicKey(valid)).toBe(true);
    for (let index = 0; index < valid.length; index++) {
      for (const stray of ['1', '8', '0', '=']) {
        const corrupted = `${valid.slice(0, index)}${stray}${valid.slice(index + 1)}`;
        expect([corrupted, isStellarAccountAddress(corrupted)]).toEqual([corrupted, false]);
        expect(StrKey.isValidEd25519PublicKey(corrupted)).toBe(false);
      }
    }
  });

  it('refuses an address with a character appended, which decodes to the same 35 bytes, as the SDK does', () => {
    const valid = stellarAddressFromPublicKey(keyPairFromRandomBytes('ed25519', seedFrom('stellar-1')).publicKey);
    for (const extra of ['A', 'Q', '7']) {
      expect(isStellarAccountAddress(`${valid}${extra}`)).toBe(false);
      expect(StrKey.isValidEd25519PublicKey(`${valid}${extra}`)).toBe(false);
    }
  });

  it('encodes payloads of other lengths as the SDK does (StrKey is defined for any length)', () => {
    for (const length of [1, 31, 33]) {
      const payload = new Uint8Array(length).fill(0xab);
      expect(stellarAddressFromPublicKey(payload)).toBe(StrKey.encodeEd25519PublicKey(Buffer.from(payload)));
    }
  });
});
